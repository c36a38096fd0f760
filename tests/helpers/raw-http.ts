import http from 'node:http';
import { ACTIONS } from './actions';
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

/** Calls an action of lib/admin/actions.ts with (null, form), as the scripted sign-in and sign-up forms do. */
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
  return request(`${base}${options.page ?? '/LogIn'}`, {
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
