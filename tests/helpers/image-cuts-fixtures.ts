// The image cuts tests' photos, slide form and store readers, used by both tiers (tests/inproc and tests/integration image-cuts.test.ts).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** The photos' size: landscape, as a camera's. */
export const WIDTH = 1600;
export const HEIGHT = 1000;

/** The files in `folder` of the uploads folder `dir`, sorted; none while it does not exist. */
export const filesIn = (dir: string, folder: string) =>
  existsSync(path.join(dir, folder)) ? readdirSync(path.join(dir, folder)).sort() : [];

/**
 * A distinct landscape photo (its own colour and noise) of a real photo's weight at this size
 * (~350 KB; its cuts ~113 and ~176 KB): what a request for a stored file costs grows with its bytes.
 */
export async function photo(i: number): Promise<File> {
  const data = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 },
      noise: { type: 'gaussian', mean: 100 + (i % 50), sigma: 15 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  return new File([new Uint8Array(data)], `photo-${i}.jpg`, { type: 'image/jpeg' });
}

/** The back office's form of a new slide holding photo `i`, as staff save one. */
export async function slideForm(i: number) {
  const form = new FormData();
  form.append('sortOrder', String(i % 1000));
  form.append('image', await photo(i));
  return form;
}

/** How many times `output` (the server's log) says the `cut` cut of slides/`name` was made on request. */
export const madeCount = (output: string, cut: string, name: string) =>
  output.split('\n').filter((line) => line.includes(`[uploads] made the ${cut} cut of slides/${name} `)).length;
