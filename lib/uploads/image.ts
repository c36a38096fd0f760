import sharp, { type Metadata } from 'sharp';
import { config } from '@/lib/config';
import { SOCIAL_IMAGE } from '@/lib/settings/social-image';

export class ImageError extends Error {
  constructor(readonly code: 'imageInvalid' | 'imageTooLarge' | 'imageTooManyPixels' | 'imageFileName') {
    super(code);
  }
}

const FORMATS = { jpeg: 'jpg', png: 'png', webp: 'webp', heif: 'avif', gif: 'gif' } as const;
type Format = keyof typeof FORMATS;

const MAX_EDGE = 2560;

export interface ProcessedImage {
  data: Buffer;
  ext: string;
  width: number;
  height: number;
}

/**
 * Images are decoded one at a time per instance, so the most memory decoding takes is one image's
 * worth whatever the number of uploads in flight. Most formats are decoded in strips and cost
 * little (a 48 MP JPEG: ~1.2 CPU-seconds, ~60 MB); an AVIF is decoded whole (libheif has no
 * strips): ~0.9 GB and ~8 CPU-seconds at 48 MP, ~1.8 GB and ~13 s at the 100 MP bound
 * (docs/measurements.md). The editors upload one image at a time, so the wait is rare.
 */
let decoding: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = decoding.then(work);
  decoding = turn.catch(() => undefined);
  return turn;
}

/** Whatever part name a client used, a file name with a path in it is refused outright. */
/** A file name that tries to name a path (separators, `..`, NUL): refused for any upload. */
export const isUnsafeFileName = (name: string) => /[\\/]|\.\.|\0/.test(name);

function checkFileName(name: string) {
  if (isUnsafeFileName(name)) throw new ImageError('imageFileName');
}

/**
 * Accepts only real raster images: decodes them with sharp (a truncated or disguised file fails
 * here), re-encodes them in the same format with every metadata block dropped (EXIF, GPS, XMP),
 * applies the EXIF orientation first, and bounds the longest edge: a phone's 48 MP photo is
 * stored at 2560 px. An animated GIF or WebP keeps its first frame only, a still in its own
 * format (docs/uploads.md, "Images").
 */
export async function processImage(file: File): Promise<ProcessedImage> {
  checkFileName(file.name);
  if (file.size > config.maxUploadBytes) throw new ImageError('imageTooLarge');
  const input = Buffer.from(await file.arrayBuffer());
  let meta: Metadata;
  try {
    // The header only (and, for a GIF, a scan of its frames' headers): no pixel is decoded.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageError('imageInvalid');
  }
  const format = meta.format as string | undefined;
  if (!format || !(format in FORMATS)) throw new ImageError('imageInvalid');
  if (format === 'heif' && meta.compression !== 'av1') throw new ImageError('imageInvalid');
  // One frame's pixels: the first frame is all that is decoded, whatever the frame count.
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  if (!pixels) throw new ImageError('imageInvalid');
  if (pixels > config.maxUploadPixels) throw new ImageError('imageTooManyPixels');

  try {
    let pipeline = sharp(input, {
      // The first frame alone, and sharp refuses to decode more than that frame's bound: 150
      // frames of 6000 × 6000 (a 29 KB GIF) took 106 CPU-seconds when every frame was decoded.
      pages: 1,
      limitInputPixels: config.maxUploadPixels,
      // Read top to bottom as the resize consumes it, so a JPEG, PNG or WebP is never held whole
      // (sharp's default, stated because the memory figures rely on it). A JPEG is also shrunk
      // while it is decoded (by 2 for 8000 × 6000), since the resize follows at once.
      sequentialRead: true,
      failOn: 'truncated',
    })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true });
    switch (format as Format) {
      case 'jpeg':
        pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
        break;
      case 'png':
        pipeline = pipeline.png({ compressionLevel: 9 });
        break;
      case 'webp':
        pipeline = pipeline.webp({ quality: 85 });
        break;
      case 'heif':
        pipeline = pipeline.avif({ quality: 60 });
        break;
      case 'gif':
        pipeline = pipeline.gif();
        break;
    }
    const { data, info } = await oneAtATime(() => pipeline.toBuffer({ resolveWithObject: true }));
    return { data, ext: FORMATS[format as Format], width: info.width, height: info.height };
  } catch {
    throw new ImageError('imageInvalid');
  }
}

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

/** Width over height of the crop served to portrait phones (`?crop=portrait`). */
export const PORTRAIT_ASPECT = 9 / 16;

/**
 * The portrait cut of a landscape photo, for phones held upright: a full-screen landscape photo
 * there is scaled up by its height (2–3x on a phone), so the phone gets a 9:16 cut at the photo's
 * full height instead, as sharp as the source allows and fewer bytes than the whole photo. The
 * cut follows the most salient region (sharp's attention strategy), not blindly the centre.
 * Images already at most 9:16, and animated ones, are returned as they are.
 */
export async function portraitCrop(data: Buffer): Promise<Buffer> {
  const meta = await sharp(data).metadata();
  const { width, height, format } = meta;
  if (!width || !height || (meta.pages ?? 1) > 1) return data;
  const cropWidth = Math.round(height * PORTRAIT_ASPECT);
  if (cropWidth >= width) return data;
  const pipeline = sharp(data).resize({ width: cropWidth, height, fit: 'cover', position: sharp.strategy.attention });
  // Re-encoded near-losslessly: the image optimiser encodes it again for the browser.
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 92, mozjpeg: true }).toBuffer();
    case 'webp':
      return pipeline.webp({ quality: 92 }).toBuffer();
    case 'heif':
      return pipeline.avif({ quality: 80 }).toBuffer();
    // A still GIF stays a GIF: its stored cut is named after the original's format (lib/uploads/cuts.ts).
    case 'gif':
      return pipeline.gif().toBuffer();
    default:
      return pipeline.png().toBuffer();
  }
}

/**
 * A link preview's image (1200x630, what og:image declares): cut around the most salient part, as
 * a JPEG every network reads. The site's own preview is cut once on upload (lib/settings/save.ts);
 * a project's is its first photo's stored share cut (`?crop=share`, lib/uploads/cuts.ts).
 */
export function shareCrop(data: Buffer): Promise<Buffer> {
  return sharp(data)
    .resize({ ...SOCIAL_IMAGE, fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}
