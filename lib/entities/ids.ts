// The one id parser. Every table's key is a PostgreSQL int4 (1 … 2^31-1): anything else (`abc`,
// `-1`, `01`, `1e3`, ten digits past the column, a float) names no row, and must be refused here
// rather than reach the database, where an out-of-range value is an error and not "not found".
export const MAX_ID = 2_147_483_647;

const ID_TEXT = /^[1-9][0-9]{0,9}$/;

/** A database id from a path segment, a form field or a JSON value; null when it cannot be one. */
export function parseId(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw >= 1 && raw <= MAX_ID ? raw : null;
  if (typeof raw !== 'string' || !ID_TEXT.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}
