import http from 'node:http';
import { ACTIONS, screenOf } from './transport-http';
import { BASE } from './api';

// Server actions called over HTTP from Node, as a crafted request (or React's client) would, with
// a chosen source address (`localAddress`, any 127.0.0.x) for tests of per-address behaviour.
// Action ids come from the one lookup in ./actions.

export interface RawResponse {
  status: number;
  text: string;
  headers: http.IncomingHttpHeaders;
  setCookie: string[];
}

/** One HTTP request from `localAddress` (default 127.0.0.1); no redirect is followed. */
export async function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Uint8Array; localAddress?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: options.localAddress ?? '127.0.0.1', agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
            setCookie: res.headers['set-cookie'] ?? [],
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A multipart body as a browser would send it. */
export async function multipart(form: FormData): Promise<{ body: Uint8Array; type: string }> {
  const response = new Response(form);
  return { body: new Uint8Array(await response.arrayBuffer()), type: response.headers.get('content-type')! };
}

/** Calls a form action (ACTIONS, ./actions) with (null, form), as the scripted sign-in and sign-up forms do. */
export async function callFormAction(
  name: string,
  fields: Record<string, string>,
  options: { base?: string; page?: string; cookie?: string; headers?: Record<string, string>; localAddress?: string } = {},
): Promise<RawResponse> {
  const id = ACTIONS[name];
  if (!id) throw new Error(`no action ${name} in the manifest`);
  const base = options.base ?? BASE;
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(`_1_${k}`, v);
  form.append('0', JSON.stringify([null, '$K1']));
  const { body, type } = await multipart(form);
  return request(`${base}${options.page ?? screenOf(name)}`, {
    method: 'POST',
    body,
    localAddress: options.localAddress,
    headers: {
      'Next-Action': id,
      Accept: 'text/x-component',
      Origin: base,
      'Content-Type': type,
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...options.headers,
    },
  });
}

/** `name=value` of a Set-Cookie list's cookie `name`, or undefined. */
export const cookieOf = (setCookie: string[], name: string) => setCookie.map((c) => c.split(';')[0]!).find((c) => c.startsWith(`${name}=`));

export interface StreamedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes of the body written before the answer came (or all of them). */
  sent: number;
}

/**
 * POSTs a body made as it is sent (never held in memory): `head`, filler bytes up to `total` in
 * all, then `tail`. Sending stops once the answer arrives, or after `sendAtMost` bytes; the
 * request ends when the whole body went out, unless `end` is false (a declared Content-Length
 * larger than what is sent).
 */
export function streamPost(
  url: string,
  headers: Record<string, string>,
  body: { total: number; head?: Buffer; tail?: Buffer; sendAtMost?: number; fill?: string | number; chunkBytes?: number; end?: boolean },
): Promise<StreamedAnswer> {
  const head = body.head ?? Buffer.alloc(0);
  const tail = body.tail ?? Buffer.alloc(0);
  const chunk = Buffer.alloc(body.chunkBytes ?? 64 * 1024, body.fill ?? 'a');
  return new Promise((resolve, reject) => {
    let answered = false;
    let sent = 0;
    const req = http.request(url, { method: 'POST', agent: false, headers });
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode!, headers: res.headers, body: text, sent });
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    let left = body.total - head.length - tail.length;
    let budget = (body.sendAtMost ?? body.total) - head.length;
    if (head.length) req.write(head);
    sent += head.length;
    const write = () => {
      while (!answered && left > 0 && budget > 0) {
        const part = left < chunk.length ? chunk.subarray(0, left) : chunk;
        left -= part.length;
        budget -= part.length;
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', write);
      }
      if (!answered && left === 0 && body.end !== false) req.end(tail);
    };
    write();
  });
}
