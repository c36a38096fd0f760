// Types for health.mjs (plain JavaScript, loaded by scripts/serve.mjs outside Next's compiler).
export function healthPath(url: string): '/healthz' | '/readyz' | null;
