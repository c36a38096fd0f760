import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { errorMessage } from '@/lib/i18n/messages';
import { isUnavailable, RETRY_AFTER_SECONDS } from '@/lib/db/faults';
import { preferredLocale } from '@/lib/http/accept-language';
import { getSiteSettings } from '@/lib/settings';
import { DEMO_PORTFOLIO_FILE } from '@/lib/settings/paths';
import { etagOf, notModified, plainText } from '@/lib/http/file-answers';
import { pdfActiveContent } from '@/lib/uploads/pdf-active-content';
import { safeFileStem } from '@/lib/settings/serve';
import { uploads } from '@/lib/uploads/store';
import { SITE_FOLDER } from '@/lib/uploads/store-contract';

// The portfolio download (/portfolio.pdf): the PDF uploaded in /Admin/Settings, else the demo
// brand's. One stable address, so its URL never changes in cached pages; browsers and shared
// caches must revalidate it every time (`no-cache`), which costs a 304 while it is unchanged and
// gives the new file on the next request after an upload.

export const dynamic = 'force-dynamic';

/** The last file's verdict, by its ETag: the bytes are read once per upload, not per request. */
let lastVerdict: { etag: string; active: string | null } | undefined;

/** Why the file must not be shown inline (a script, an action, HTML), or null (lib/uploads/pdf-active-content.ts). */
function activeContent(etag: string, data: Buffer): string | null {
  if (lastVerdict?.etag !== etag) lastVerdict = { etag, active: pdfActiveContent(data) };
  return lastVerdict.active;
}

/** The uploaded portfolio, else the demo one, with the company name for its file name. */
async function current(): Promise<{ data: Buffer; modified: Date; company: string }> {
  const settings = await getSiteSettings();
  const company = settings.companyNameEn;
  if (settings.portfolio) {
    const stored = await uploads.get(SITE_FOLDER, settings.portfolio);
    if (stored) return { ...stored, company };
  }
  const file = path.resolve(/*turbopackIgnore: true*/ process.cwd(), DEMO_PORTFOLIO_FILE);
  const [data, info] = await Promise.all([readFile(/*turbopackIgnore: true*/ file), stat(/*turbopackIgnore: true*/ file)]);
  return { data, modified: info.mtime, company };
}

export async function GET(request: Request) {
  const locale = preferredLocale(request.headers.get('accept-language'));
  let file: Awaited<ReturnType<typeof current>>;
  try {
    file = await current();
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    return plainText(503, errorMessage('unavailable', locale), { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' });
  }
  const etag = etagOf(file.data);
  const name = `${safeFileStem(file.company || '7stars-event')}-portfolio.pdf`;
  const validators = { ETag: etag, 'Last-Modified': file.modified.toUTCString(), 'Cache-Control': 'public, no-cache' };
  if (notModified(request, etag, file.modified)) return new Response(null, { status: 304, headers: validators });
  // A plain PDF opens in the browser's viewer when followed (the site's link asks for a download);
  // one that holds a script, an action or HTML is only ever downloaded, never shown by the browser.
  const disposition = activeContent(etag, file.data) ? 'attachment' : 'inline';
  return new Response(new Uint8Array(file.data), {
    headers: {
      ...validators,
      'Content-Type': 'application/pdf',
      'Content-Length': String(file.data.length),
      'Content-Disposition': `${disposition}; filename="${name}"`,
      'X-Content-Type-Options': 'nosniff',
      // The media answers' policy: nothing loads, nothing runs. next.config.ts leaves this path out
      // of its site-wide policy rule, which would replace it; its X-Frame-Options DENY still applies.
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
}

export const HEAD = GET;
