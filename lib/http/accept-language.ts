// The language of an answer that has no page to take it from (/api errors, the request guard's
// refusals): the caller's most preferred of the site's two by Accept-Language, English otherwise.

const SUPPORTED = new Set(['en', 'ar']);
// A real header lists a handful of languages; a hostile one is not read past this.
const MAX_ENTRIES = 32;

export function preferredLocale(header: string | null | undefined): 'en' | 'ar' {
  if (!header) return 'en';
  let best: 'en' | 'ar' = 'en';
  let bestQ = 0;
  for (const entry of header.slice(0, 1024).split(',', MAX_ENTRIES)) {
    const [tag = '', ...params] = entry.trim().split(';');
    const language = tag.trim().toLowerCase().split('-')[0] ?? '';
    if (!SUPPORTED.has(language)) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=');
      if (name?.trim() === 'q') q = Number(value);
    }
    if (Number.isFinite(q) && q > bestQ) {
      best = language as 'en' | 'ar';
      bestQ = q;
    }
  }
  return best;
}
