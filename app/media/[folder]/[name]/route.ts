import { etagOf, notModified, plainText } from '@/lib/http/file-answers';
import { errorMessage } from '@/lib/i18n/messages';
import { isUnavailable, RETRY_AFTER_SECONDS } from '@/lib/db/faults';
import { preferredLocale } from '@/lib/http/accept-language';
import { CONTENT_TYPES } from '@/lib/uploads/image';
import { isCut, isCutName, storedCut } from '@/lib/uploads/cuts';
import { uploads } from '@/lib/uploads/store';
import { SITE_FOLDER, type UploadFolder } from '@/lib/uploads/store-contract';
import { LRUCache } from 'lru-cache';
import { DOCUMENT_URL_FOLDERS, IMAGE_URL_FOLDERS } from '@/lib/entities/registry';
import { pdfActiveContent } from '@/lib/uploads/pdf-active-content';
import { SITE_URL_FOLDER } from '@/lib/settings/paths';

// Serves /sliderimges/x.jpg and the other legacy folders (rewritten here in next.config.ts), and
// the site settings' images at /siteimges/x.png (logo, social preview).
// Names are server-made and never reused, so the files can be cached forever.
// `?crop=portrait` serves the photo's portrait cut, which the home page's hero asks the image
// optimiser for on phones held upright; `?crop=share` its link preview. Both are stored files,
// made once (lib/uploads/cuts.ts): no image work on the request path but a first request for an
// upload older than stored cuts.
type Context = { params: Promise<{ folder: string; name: string }> };

/**
 * Whether a stored PDF holds active content (a script, an action, HTML: then it is only ever
 * downloaded), by its never-reused name: each file is read for it once, not on every request.
 */
const pdfVerdicts = new LRUCache<string, boolean>({ max: 500 });
function isActivePdf(key: string, data: Buffer): boolean {
  let active = pdfVerdicts.get(key);
  if (active === undefined) pdfVerdicts.set(key, (active = pdfActiveContent(data) !== null));
  return active;
}

export async function GET(request: Request, { params }: Context) {
  const { folder, name } = await params;
  const locale = preferredLocale(request.headers.get('accept-language'));
  const folders: readonly UploadFolder[] | undefined = folder === SITE_URL_FOLDER ? [SITE_FOLDER] : IMAGE_URL_FOLDERS.get(folder);
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  // A certificate's PDF is served from its entity's folder too (lib/entities/define.ts `document`).
  const pdf = extension === 'pdf' && DOCUMENT_URL_FOLDERS.has(folder);
  const type = pdf ? 'application/pdf' : CONTENT_TYPES[extension];
  if (!folders || !type) return plainText(404, errorMessage('notFound', locale));
  const crop = new URL(request.url).searchParams.get('crop');
  // A PDF has no cuts.
  if (pdf && crop !== null) return plainText(404, errorMessage('notFound', locale));
  if (crop !== null && !isCut(crop)) return plainText(400, errorMessage('unknownCrop', locale));
  // A cut is not cut again (that would store cuts of cuts, one per request's choice).
  if (crop !== null && isCutName(name)) return plainText(404, errorMessage('notFound', locale));
  for (const store of folders) {
    let file: Awaited<ReturnType<typeof uploads.get>>;
    try {
      file = crop !== null && isCut(crop) ? await storedCut(store, name, crop) : await uploads.get(store, name);
    } catch (error) {
      // The store is unreachable (a bucket down): it passes by itself, so a 503 that says when,
      // never a 500 nor a 404 a cache could keep.
      if (!isUnavailable(error)) throw error;
      return plainText(503, errorMessage('unavailable', locale), {
        'Retry-After': String(RETRY_AFTER_SECONDS),
        'Cache-Control': 'no-store',
      });
    }
    if (file) {
      const data = file.data;
      const etag = etagOf(data);
      const headers = {
        // The share cut is a JPEG whatever the photo's own format.
        'Content-Type': crop === 'share' ? CONTENT_TYPES.jpg! : type,
        'Cache-Control': 'public, max-age=31536000, immutable',
        ETag: etag,
        'Last-Modified': file.modified.toUTCString(),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        // Opened in the browser's viewer, unless it holds something active: then only downloaded.
        ...(pdf ? { 'Content-Disposition': isActivePdf(`${store}/${name}`, data) ? 'attachment' : 'inline' } : {}),
      };
      // A 304 carries the validators and caching, not the representation's metadata (RFC 9110 15.4.5).
      if (notModified(request, etag, file.modified)) {
        return new Response(null, {
          status: 304,
          headers: { 'Cache-Control': headers['Cache-Control'], ETag: etag, 'Last-Modified': headers['Last-Modified'] },
        });
      }
      return new Response(new Uint8Array(data), { headers: { ...headers, 'Content-Length': String(data.length) } });
    }
  }
  return plainText(404, errorMessage('notFound', locale));
}

export const HEAD = GET;
