// The first bytes of each image format the server accepts (lib/uploads/image.ts decodes JPEG, PNG,
// WebP, AVIF and GIF). Isomorphic: the back office's picker checks a file's content with it when
// it is picked, so a renamed text file is refused there and then, not after Confirm. The server
// still decodes every upload; this only answers sooner.

/** How many leading bytes `looksLikeImage` reads. */
export const SIGNATURE_BYTES = 16;

const ascii = (bytes: Uint8Array, at: number, text: string) => [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/** Whether a file's first bytes are those of a JPEG, PNG, WebP, AVIF or GIF image. */
export function looksLikeImage(bytes: Uint8Array): boolean {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return true;
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return true;
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return true;
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return true;
  // ISO BMFF: a box size, then "ftyp" and the major brand.
  return ascii(bytes, 4, 'ftyp') && ['avif', 'avis', 'mif1', 'msf1'].some((brand) => ascii(bytes, 8, brand));
}
