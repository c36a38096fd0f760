import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { errorMessage } from '@/lib/i18n/messages';
import { isUnavailable, RETRY_AFTER_SECONDS } from '@/lib/db/faults';
import { preferredLocale } from '@/lib/http/accept-language';
import { getSiteSettings } from '@/lib/settings';
import { ICON_SIZES, type IconName } from '@/lib/settings/paths';
import { etagOf, notModified, plainText } from '@/lib/http/file-answers';
import { uploads } from '@/lib/uploads/store';
import { SITE_FOLDER } from '@/lib/uploads/store-contract';

// The browser icons made from the uploaded logo (/icons/icon.png, /icons/apple-icon.png): the logo
// fitted into a square PNG by sharp (transparent for the tab icon, on white for the home-screen
// one, which iOS shows on black otherwise). Without a logo, the demo brand's files. The layout
// links them with `?v=<logo file>`, so a new logo is a new URL and each answer can be kept a year.

type Context = { params: Promise<{ name: string }> };

export const dynamic = 'force-dynamic';

// Few logos, two sizes: the last icons made are kept, so a visit does not cost a resize each time.
const made = new Map<string, Buffer>();

async function demoIcon(name: IconName): Promise<Buffer> {
  const brand = path.resolve(/*turbopackIgnore: true*/ process.cwd(), 'public/brand');
  if (name === 'apple-icon.png') return readFile(/*turbopackIgnore: true*/ path.join(brand, 'apple-icon.png'));
  const svg = await readFile(/*turbopackIgnore: true*/ path.join(brand, 'icon.svg'));
  return sharp(svg, { density: 480 }).resize(ICON_SIZES[name], ICON_SIZES[name]).png().toBuffer();
}

async function logoIcon(name: IconName, logo: Buffer): Promise<Buffer> {
  const size = ICON_SIZES[name];
  const background = name === 'apple-icon.png' ? { r: 255, g: 255, b: 255, alpha: 1 } : { r: 0, g: 0, b: 0, alpha: 0 };
  return sharp(logo).resize(size, size, { fit: 'contain', background }).png({ compressionLevel: 9 }).toBuffer();
}

export async function GET(request: Request, { params }: Context) {
  const { name } = await params;
  const locale = preferredLocale(request.headers.get('accept-language'));
  if (!Object.hasOwn(ICON_SIZES, name)) return plainText(404, errorMessage('notFound', locale));
  const icon = name as IconName;
  let data: Buffer;
  let logoName: string | null;
  try {
    logoName = (await getSiteSettings()).logo;
    const key = `${icon}:${logoName ?? ''}`;
    const hit = made.get(key);
    if (hit) data = hit;
    else {
      const stored = logoName ? await uploads.get(SITE_FOLDER, logoName) : null;
      data = stored ? await logoIcon(icon, stored.data) : await demoIcon(icon);
      made.set(key, data);
      if (made.size > 8) made.delete(made.keys().next().value!);
    }
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    return plainText(503, errorMessage('unavailable', locale), { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' });
  }
  // Kept a year only when asked for by the current logo's URL; any other address revalidates.
  const version = new URL(request.url).searchParams.get('v');
  const cache = version !== null && version === (logoName ?? '') ? 'public, max-age=31536000, immutable' : 'public, no-cache';
  const etag = etagOf(data);
  const headers = { 'Cache-Control': cache, ETag: etag };
  if (notModified(request, etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(data), {
    headers: {
      ...headers,
      'Content-Type': 'image/png',
      'Content-Length': String(data.length),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
}

export const HEAD = GET;
