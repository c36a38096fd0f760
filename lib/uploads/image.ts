import sharp, { type Metadata } from 'sharp';
import { config } from '@/lib/config';

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
function checkFileName(name: string) {
  if (/[\\/]|\.\.|\0/.test(name)) throw new ImageError('imageFileName');
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
