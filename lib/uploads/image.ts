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

/** Whatever part name a client used, a file name with a path in it is refused outright. */
/** A file name that tries to name a path (separators, `..`, NUL): refused for any upload. */
export const isUnsafeFileName = (name: string) => /[\\/]|\.\.|\0/.test(name);

function checkFileName(name: string) {
  if (isUnsafeFileName(name)) throw new ImageError('imageFileName');
}

/**
 * Accepts only real raster images: decodes them fully with sharp (a truncated or disguised file
 * fails here), re-encodes them in the same format with every metadata block dropped (EXIF, GPS,
 * XMP), applies the EXIF orientation first, and bounds the longest edge.
 */
export async function processImage(file: File): Promise<ProcessedImage> {
  checkFileName(file.name);
  if (file.size > config.maxUploadBytes) throw new ImageError('imageTooLarge');
  const input = Buffer.from(await file.arrayBuffer());
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageError('imageInvalid');
  }
  const format = meta.format as string | undefined;
  if (!format || !(format in FORMATS)) throw new ImageError('imageInvalid');
  if (format === 'heif' && meta.compression !== 'av1') throw new ImageError('imageInvalid');
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  if (!pixels) throw new ImageError('imageInvalid');
  if (pixels > config.maxUploadPixels) throw new ImageError('imageTooManyPixels');

  const animated = format === 'gif' && (meta.pages ?? 1) > 1;
  try {
    let pipeline = sharp(input, {
      animated,
      failOn: 'truncated',
      limitInputPixels: config.maxUploadPixels * Math.max(1, meta.pages ?? 1),
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
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
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
    default:
      return pipeline.png().toBuffer();
  }
}

/**
 * A link preview's image (1200x630, what og:image declares): cut around the most salient part, as
 * a JPEG every network reads. The site's own preview is cut once on upload (lib/settings/save.ts);
 * a project's is cut from its first photo on request (`?crop=share`, the media route).
 */
export function shareCrop(data: Buffer): Promise<Buffer> {
  return sharp(data)
    .resize({ ...SOCIAL_IMAGE, fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}
