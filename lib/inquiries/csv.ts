// CSV as spreadsheets read it (RFC 4180): every cell quoted, quotes doubled, CRLF line ends, and a
// UTF-8 byte-order mark first so Excel reads Arabic as UTF-8 rather than the system code page.
// A cell a spreadsheet would run as a formula (= + - @, also after a tab or carriage return) gets a
// leading apostrophe (OWASP "CSV injection"): a visitor writes the names and messages exported here.

export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return CSV_BOM + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
