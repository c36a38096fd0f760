import { etagOf, notModified, plainText } from '@/lib/http/file-answers';
import { errorMessage } from '@/lib/i18n/messages';
import { isUnavailable, RETRY_AFTER_SECONDS } from '@/lib/db/faults';
import { preferredLocale } from '@/lib/http/accept-language';
import { CONTENT_TYPES, portraitCrop, shareCrop } from '@/lib/uploads/image';
import { SITE_FOLDER, uploads, type UploadFolder } from '@/lib/uploads/store';
import { IMAGE_URL_FOLDERS } from '@/lib/entities/registry';
import { SITE_URL_FOLDER } from '@/lib/settings/paths';

// Serves /sliderimges/x.jpg and the other legacy folders (rewritten here in next.config.ts), and
// the site settings' images at /siteimges/x.png (logo, social preview).
// Names are server-made and never reused, so the files can be cached forever.
// `?crop=portrait` serves the photo's portrait cut (lib/uploads/image.ts), which the home page's
// hero asks the image optimiser for on phones held upright.
type Context = { params: Promise<{ folder: string; name: string }> };

const CROPS = { portrait: portraitCrop, share: shareCrop } as const;

// The optimiser caches what it makes from a cut, so a cut is asked for rarely; the few most
// recent are kept so that repeated direct requests do not each cost a decode and an encode.
const recentCuts = new Map<string, Buffer>();
const RECENT_CUTS = 16;

async function cut(key: string, crop: keyof typeof CROPS, data: Buffer): Promise<Buffer> {
  const cacheKey = `${crop}:${key}`;
  const hit = recentCuts.get(cacheKey);
  if (hit) return hit;
  const result = await CROPS[crop](data);
  recentCuts.set(cacheKey, result);
  if (recentCuts.size > RECENT_CUTS) recentCuts.delete(recentCuts.keys().next().value!);
  return result;
}

export async function GET(request: Request, { params }: Context) {
  const { folder, name } = await params;
  const locale = preferredLocale(request.headers.get('accept-language'));
  const folders: readonly UploadFolder[] | undefined = folder === SITE_URL_FOLDER ? [SITE_FOLDER] : IMAGE_URL_FOLDERS.get(folder);
  const type = CONTENT_TYPES[name.split('.').pop()?.toLowerCase() ?? ''];
  if (!folders || !type) return plainText(404, errorMessage('notFound', locale));
  const crop = new URL(request.url).searchParams.get('crop');
  if (crop !== null && !Object.hasOwn(CROPS, crop)) return plainText(400, errorMessage('unknownCrop', locale));
  for (const store of folders) {
    let file: Awaited<ReturnType<typeof uploads.get>>;
    try {
      file = await uploads.get(store, name);
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
      const data = crop ? await cut(`${store}/${name}`, crop as keyof typeof CROPS, file.data) : file.data;
      const etag = etagOf(data);
      const headers = {
        // The share cut is a JPEG whatever the photo's own format.
        'Content-Type': crop === 'share' ? CONTENT_TYPES.jpg! : type,
        'Cache-Control': 'public, max-age=31536000, immutable',
        ETag: etag,
        'Last-Modified': file.modified.toUTCString(),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
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
