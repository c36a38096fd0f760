// Types for accept-language.mjs (plain JavaScript, shared with the HTTP server).
export function preferredLocale(header: string | null | undefined): 'en' | 'ar';
