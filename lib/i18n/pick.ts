/** The Arabic text on Arabic pages, falling back to English when the Arabic field is empty. */
export const pickLocalized = (locale: string, en: string, ar: string) => (locale === 'ar' && ar.trim() ? ar : en);
