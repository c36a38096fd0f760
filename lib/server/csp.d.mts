// Types for csp.mjs (plain JavaScript, used by the HTTP server outside Next's compiler).
export function frameOrigin(url: string): string | null;
export function cachedPagePolicy(frame: string | null): string;
export function noncePagePolicy(options: { nonce: string; hashes: string[]; frame: string | null; dev?: boolean }): string;
export function isPagePath(url: string): boolean;
