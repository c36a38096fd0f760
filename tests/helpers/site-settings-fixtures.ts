// The site settings tests' files, forms and row read, used by both tiers (tests/inproc and tests/integration site-settings.test.ts).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { testDb } from './db';

/** The files in the uploads folder's site/ (the settings' store), sorted; none while it does not exist. */
export const stored = () => {
  try {
    return readdirSync(path.join(process.env.UPLOADS_DIR!, 'site')).sort();
  } catch (error) {
    // No folder yet is no file; any other failure is the test's.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
};

/**
 * A small PDF a reader opens: header, one catalog (with `catalog` added to it), the
 * cross-reference table and pointer, and %%EOF.
 */
export function pdfBytes(note: string, catalog = ''): Buffer {
  const header = '%PDF-1.4\n';
  const root = `1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${catalog}>>\nendobj\n`;
  const body = `${header}${root}2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n% ${note}\n`;
  const offset = (n: number) => `${String(n).padStart(10, '0')} 00000 n `;
  return Buffer.from(
    `${body}xref\n0 3\n0000000000 65535 f \n${offset(header.length)}\n${offset(header.length + root.length)}\ntrailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n${Buffer.byteLength(body)}\n%%EOF\n`,
  );
}
export const pdfFile = (bytes: Buffer, name = 'portfolio.pdf', type = 'application/pdf') =>
  new File([new Uint8Array(bytes)], name, { type });

/** The settings form's fields as the Settings screen posts them. */
export function settingsForm(fields: Record<string, string | File>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

export const settingsRow = () => testDb.siteSettings.findUnique({ where: { id: 1 } });
