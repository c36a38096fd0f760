// Types for deferred-boot.mjs (plain JavaScript, loaded by the cache handler outside Next's compiler).
export function deferBootScripts(html: string): string;
