import sharp from 'sharp';
import { send } from '#test-transport';
import { BASE, freshIp } from './base';
import { makeUser, PASSWORD, testDb, unique, type Role } from './db';

export { BASE, freshIp } from './base';

export interface CallOptions {
  method?: string;
  token?: string | null;
  form?: Record<string, string | Blob | Array<string | Blob>>;
  json?: unknown;
  headers?: Record<string, string>;
  ip?: string;
  /** Another server than the main test server (e.g. one spawned with other settings). */
  base?: string;
}

/** Calls /api the way the old client does: multipart bodies, `Authorization: Bearer …`. */
export async function call(path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Forwarded-For': options.ip ?? freshIp(), ...options.headers };
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.form) {
    const form = new FormData();
    for (const [key, value] of Object.entries(options.form)) {
      for (const v of Array.isArray(value) ? value : [value]) {
        if (typeof v === 'string') form.append(key, v);
        else form.append(key, v, (v as File).name ?? 'upload.bin');
      }
    }
    body = form;
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await send(
    new Request(`${options.base ?? BASE}${path}`, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body }),
  );
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever JSON an answer holds
  let data: any = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  return { status: response.status, data, headers: response.headers };
}

export async function login(email: string, password = PASSWORD) {
  return call('/api/login', { form: { email, password } });
}

/** A user of the given role with a real token from /api/login (pending users get none). */
export async function userWithToken(role: Role | 'anonymous') {
  if (role === 'anonymous') return { user: null, token: null as string | null };
  const user = await makeUser(role);
  if (role === 'pending') {
    // A pending account cannot log in; it may still hold a token issued before a demotion.
    const { createHash } = await import('node:crypto');
    const secret = 'p'.repeat(40) + '00000000';
    const row = await testDb.apiToken.create({
      data: { userId: user.id, tokenHash: createHash('sha256').update(`${secret}${user.id}`).digest('hex') },
    });
    return { user, token: `${row.id}|${secret}${user.id}` as string | null };
  }
  const res = await login(user.email);
  if (res.status !== 200) throw new Error(`login failed for ${role}: ${res.status} ${JSON.stringify(res.data)}`);
  return { user, token: res.data.token as string | null };
}

export async function imageFile(name = 'photo.jpg', format: 'jpeg' | 'png' | 'webp' = 'jpeg', size = 64) {
  const data = await sharp({ create: { width: size, height: size, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .toFormat(format)
    .toBuffer();
  return new File([new Uint8Array(data)], name, { type: `image/${format}` });
}

/** A PNG of random pixels (it does not compress) of at least `bytes`. */
export async function noiseImage(name: string, bytes: number) {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const data = await sharp({
    create: { width: side, height: side, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return new File([new Uint8Array(data)], name, { type: 'image/png' });
}

/**
 * A phone camera's photo: 8000 × 6000 (48 MP), a JPEG of quality 100 of about 22 MiB (at least 20
 * MiB, under the 25 MiB bound). Noise does not compress, so a band of it sets the size (~11 KB a
 * row); the rest is flat. `orientation` is the EXIF one a phone writes for a portrait shot (6).
 */
export async function bigPhoto(name = 'phone.jpg', orientation?: number) {
  let photo = sharp({
    create: { width: 8000, height: 2100, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  }).extend({ bottom: 6000 - 2100, background: '#3366cc' });
  if (orientation) photo = photo.withMetadata({ orientation });
  const data = await photo.jpeg({ quality: 100 }).toBuffer();
  return new File([new Uint8Array(data)], name, { type: 'image/jpeg' });
}

/**
 * An animated GIF of `frames` frames on a `width` × `height` screen, a few kilobytes: the first
 * frame fills the screen with one colour (sharp writes it), each later one is a single pixel
 * (written here byte by byte) drawn over the last. Decoding every frame still means `frames` whole
 * screens: the "GIF bomb" an animated upload can be.
 */
export async function animatedGif(name: string, { width, height, frames }: { width: number; height: number; frames: number }) {
  const first = await sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .gif()
    .toBuffer();
  const u16 = (n: number) => [n & 0xff, n >> 8];
  const more: number[] = [];
  for (let i = 1; i < frames; i++) {
    // 0.1 s a frame, kept under the next; one pixel of colour 0 (LZW codes: clear, 0, end).
    more.push(0x21, 0xf9, 0x04, 0x04, ...u16(10), 0x00, 0x00);
    more.push(0x2c, ...u16(i % width), ...u16(i % height), ...u16(1), ...u16(1), 0x00);
    more.push(0x02, 0x02, 0x44, 0x01, 0x00);
  }
  // sharp's file ends with the trailer (0x3b): the frames go before it.
  const data = Buffer.concat([first.subarray(0, -1), Buffer.from(more), Buffer.from([0x3b])]);
  return new File([new Uint8Array(data)], name, { type: 'image/gif' });
}

export { unique };

/**
 * Ends every kept page copy the way any write does (the page cache keeps one copy per page,
 * whatever the query string): the first service is saved again unchanged through /api.
 */
export async function purgePageCopies(token: string) {
  const service = await testDb.service.findFirstOrThrow({ orderBy: { id: 'asc' } });
  const res = await call(`/api/service/${service.id}`, {
    token,
    form: { _method: 'PUT', titel: service.titleEn, titelar: service.titleAr },
  });
  if (res.status !== 200) throw new Error(`purge write answered ${res.status}`);
}
