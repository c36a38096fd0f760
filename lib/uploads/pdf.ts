import { MAX_PORTFOLIO_BYTES } from '@/lib/settings/paths';
import { isUnsafeFileName } from './image';

export class PdfError extends Error {
  constructor(readonly code: 'pdfInvalid' | 'pdfTooLarge' | 'imageFileName') {
    super(code);
  }
}

/** Where a PDF's trailer must end: readers look for `%%EOF` in the last kilobyte. */
const TAIL = 1024;

/**
 * Accepts a real PDF only, whatever the file's name or declared type: it starts with the
 * `%PDF-x.y` header (the magic bytes), and its end has the cross-reference pointer (`startxref`
 * and an offset inside the file) and the `%%EOF` marker, which is what a reader needs to open it.
 * A renamed image, a text file or a truncated upload (no trailer) fails. The bytes are stored as
 * sent (not rewritten): a PDF is served as a download, never rendered into our pages.
 */
export async function checkPdf(file: File): Promise<Buffer> {
  if (isUnsafeFileName(file.name)) throw new PdfError('imageFileName');
  if (file.size > MAX_PORTFOLIO_BYTES) throw new PdfError('pdfTooLarge');
  const data = Buffer.from(await file.arrayBuffer());
  if (!/^%PDF-[12]\.\d/.test(data.subarray(0, 8).toString('latin1'))) throw new PdfError('pdfInvalid');
  const tail = data.subarray(Math.max(0, data.length - TAIL)).toString('latin1');
  const trailer = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!trailer || Number(trailer[1]) >= data.length) throw new PdfError('pdfInvalid');
  return data;
}
