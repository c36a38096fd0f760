import { createHash } from 'node:crypto';
import { portraitCrop, shareCrop } from './image';
import { uploads } from './store';
import { type StoreFolder } from './store-contract';

/**
 * The cuts the media route serves (`?crop=share`, `?crop=portrait`), made once and stored beside
 * their original in the same folder: at upload (lib/entities/crud.ts), or, for a file stored before
 * there were stored cuts (the demo seed's, older uploads), by the first request that asks for one.
 * Cutting on every request cost ~176 ms CPU a time (docs/measurements.md, issue 34); now the work
 * is bounded by the number of images, never by the number of requests. A cut follows its original:
 * trashed, restored and swept with it (its name derives from the original's, so the sweeper keeps
 * exactly the cuts of the files it keeps).
 */
export const CUTS = {
  share: { make: shareCrop, ext: () => 'jpg' },
  // portraitCrop keeps the original's format; an image already narrow enough (or animated) is
  // returned as it is, and stored so too: a cut is then always a stored file, the route never
  // has to look at the original again.
  portrait: { make: portraitCrop, ext: (original: string) => original.slice(original.lastIndexOf('.') + 1) },
} as const;

export type Cut = keyof typeof CUTS;
export const CUT_KINDS = Object.keys(CUTS) as Cut[];

export const isCut = (value: string): value is Cut => Object.hasOwn(CUTS, value);

/** The longest original name kept whole in its cuts' names, so that a cut's name fits SAFE_NAME's 128. */
const STEM_MAX = 96;

/**
 * The one rule naming a cut: `<original>.cut-<cut>.<ext>`, e.g. `1764-ab12.png.cut-share.jpg`.
 * An original name too long for that (a migrated legacy one) is shortened, with a hash of the
 * whole name so two long names never share a cut.
 */
export function cutName(original: string, cut: Cut): string {
  const stem =
    original.length <= STEM_MAX ? original : `${original.slice(0, 70)}-${createHash('sha256').update(original).digest('hex').slice(0, 16)}`;
  return `${stem}.cut-${cut}.${CUTS[cut].ext(original)}`;
}

/** A file and every cut of it: what moves to and from the trash together, and what the sweeper keeps together. */
export const withCuts = (original: string): string[] => [original, ...CUT_KINDS.map((cut) => cutName(original, cut))];

/** A stored cut's name (never an original's: newFileName never makes one), which is never cut again. */
export const isCutName = (name: string) => /\.cut-[a-z]+\.[a-z]+$/.test(name);

/**
 * At upload: every cut of a just-stored image. A failure (the store, or the cut itself) never fails
 * the upload: the original and its row are what matter; it is logged and the media route makes the
 * missing cut on its first request.
 */
export async function storeCuts(folder: StoreFolder, name: string, data: Buffer): Promise<void> {
  for (const cut of CUT_KINDS) {
    try {
      await uploads.put(folder, cutName(name, cut), await CUTS[cut].make(data));
    } catch (error) {
      console.error(`[uploads] could not store the ${cut} cut of ${folder}/${name} (the media route makes it later):`, error);
    }
  }
}

/** The cut of a file being made right now, per file and cut: concurrent misses share the one piece of work. */
const making = new Map<string, Promise<{ data: Buffer; modified: Date } | null>>();

/**
 * The stored cut of `folder/name`; made and stored first when missing (an upload from before
 * stored cuts, or one whose cut could not be stored then). Null when the original is not there,
 * or is no image sharp can read. A store that cannot be reached throws, as `uploads.get` does.
 */
export async function storedCut(folder: StoreFolder, name: string, cut: Cut): Promise<{ data: Buffer; modified: Date } | null> {
  const stored = await uploads.get(folder, cutName(name, cut));
  if (stored) return stored;
  const key = `${folder}/${name}:${cut}`;
  let work = making.get(key);
  if (!work) {
    work = makeCut(folder, name, cut).finally(() => making.delete(key));
    making.set(key, work);
  }
  return work;
}

async function makeCut(folder: StoreFolder, name: string, cut: Cut): Promise<{ data: Buffer; modified: Date } | null> {
  const original = await uploads.get(folder, name);
  if (!original) return null;
  let data: Buffer;
  try {
    data = await CUTS[cut].make(original.data);
  } catch {
    // Stored under an image's name but not one sharp reads (a legacy file): nothing to serve.
    return null;
  }
  const modified = new Date();
  try {
    await uploads.put(folder, cutName(name, cut), data);
    console.log(`[uploads] made the ${cut} cut of ${folder}/${name} (stored for every later request)`);
  } catch (error) {
    // Served all the same; the next request tries to store it again.
    console.error(`[uploads] could not store the ${cut} cut of ${folder}/${name}:`, error);
  }
  return { data, modified };
}
