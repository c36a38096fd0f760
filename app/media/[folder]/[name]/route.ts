import { errorMessage } from '@/lib/i18n/messages';
import { preferredLocale } from '@/lib/server/accept-language.mjs';
import { CONTENT_TYPES, portraitCrop } from '@/lib/uploads/image';
import { uploads } from '@/lib/uploads/store';
import { IMAGE_URL_FOLDERS } from '@/lib/entities/registry';

// Serves /sliderimges/x.jpg and the other legacy folders (rewritten here in next.config.ts).
// Names are server-made and never reused, so the files can be cached forever.
// `?crop=portrait` serves the photo's portrait cut (lib/uploads/image.ts), which the home page's
// hero asks the image optimiser for on phones held upright.
type Context = { params: Promise<{ folder: string; name: string }> };

const CROPS = { portrait: portraitCrop } as const;

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } });

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
  const folders = IMAGE_URL_FOLDERS.get(folder);
  const type = CONTENT_TYPES[name.split('.').pop()?.toLowerCase() ?? ''];
  if (!folders || !type) return text(404, errorMessage('notFound', locale));
  const crop = new URL(request.url).searchParams.get('crop');
  if (crop !== null && !Object.hasOwn(CROPS, crop)) return text(400, errorMessage('unknownCrop', locale));
  for (const store of folders) {
    const file = await uploads.get(store, name);
    if (file) {
      const data = crop ? await cut(`${store}/${name}`, crop as keyof typeof CROPS, file.data) : file.data;
      return new Response(new Uint8Array(data), {
        headers: {
          'Content-Type': type,
          'Content-Length': String(data.length),
          'Cache-Control': 'public, max-age=31536000, immutable',
          'Last-Modified': file.modified.toUTCString(),
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
        },
      });
    }
  }
  return text(404, errorMessage('notFound', locale));
}

export const HEAD = GET;
