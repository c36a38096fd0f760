import 'server-only';

// The settings' download names (the portfolio's Content-Disposition).

/** An ASCII file name for Content-Disposition: letters, digits and dashes only ("7stars-event"). */
export function safeFileStem(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return stem || 'company';
}
