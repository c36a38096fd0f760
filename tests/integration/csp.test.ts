import { createHash } from 'node:crypto';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { mapEmbedUrl } from '@/lib/http/map-embed';
import { BASE } from '../helpers/api';

// The Content-Security-Policy (lib/http/csp): cached pages carry one fixed policy (the HTTP
// server's, kept with their copies), pages rendered per request a fresh nonce (proxy.ts), and
// media answers their own stricter policy.

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function raw(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(`${BASE}${path}`, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

const html = (res: Raw) => {
  const encoding = res.headers['content-encoding'];
  const bytes = encoding === 'gzip' ? gunzipSync(res.body) : encoding === 'br' ? brotliDecompressSync(res.body) : res.body;
  return bytes.toString('utf8');
};

/** Every inline script of a document (no src): its attributes and its text. */
function inlineScripts(document: string): { attributes: string; text: string }[] {
  return [...document.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((match) => !/\ssrc=/.test(match[1] ?? ''))
    .map((match) => ({ attributes: match[1] ?? '', text: match[2] ?? '' }));
}

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function directives(policy: string | string[] | undefined): Map<string, string[]> {
  expect(typeof policy).toBe('string');
  return new Map(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const OTHER_DIRECTIVES = {
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': [new URL(mapEmbedUrl()).origin, 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** A cached page: Next's policy without nonces, the same fixed string whatever the page holds. */
function expectCachedPagePolicy(res: Raw) {
  expect(res.headers['content-security-policy']).toBe(
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; " +
      `connect-src 'self'; frame-src ${new URL(mapEmbedUrl()).origin} https://www.youtube-nocookie.com https://player.vimeo.com; ` +
      "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  );
  const document = html(res);
  expect(inlineScripts(document).length, 'the page has inline scripts (theme, flight data)').toBeGreaterThan(2);
  return document;
}

/** A page rendered per request: a nonce that every inline script carries, or the script's hash. */
function expectNoncePolicy(res: Raw) {
  const policy = directives(res.headers['content-security-policy']);
  const [nonce, strictDynamic, ...hashes] = policy.get('script-src') ?? [];
  expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
  expect(strictDynamic).toBe("'strict-dynamic'");
  expect(Object.fromEntries([...policy].filter(([name]) => name !== 'script-src'))).toEqual({
    'default-src': ["'self'"],
    ...OTHER_DIRECTIVES,
  });
  const document = html(res);
  const value = nonce!.slice("'nonce-".length, -1);
  const scripts = inlineScripts(document);
  expect(scripts.length).toBeGreaterThan(2);
  for (const script of scripts) {
    if (script.attributes.includes(`nonce="${value}"`)) continue;
    expect(hashes, `an inline script without the nonce is allowed by its hash: ${script.text.slice(0, 60)}`).toContain(sha(script.text));
  }
  // Next's own scripts (those with src too) carry the nonce.
  expect(document).toMatch(new RegExp(`<script src="[^"]+"[^>]*nonce="${value.replace(/[+/]/g, '\\$&')}"`));
  return { document, nonce: value };
}

describe('Content-Security-Policy of HTML answers', () => {
  for (const path of ['/', '/ar', '/TheTeam', '/ar/ContactUs', '/ar/SignUp']) {
    it(`${path}: the cached pages' fixed policy, in Next's answer and in the kept copies`, async () => {
      // Next renders (MISS), then serves from its cache (HIT, copied), then the copy answers.
      const answers: Raw[] = [];
      for (let i = 0; i < 8 && !answers.some((a) => a.headers['x-page-replay'] === '1'); i++) {
        answers.push(await raw(path, { 'Accept-Encoding': 'gzip' }));
        if (i >= 1) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expectCachedPagePolicy(answer);
      }
      const replay = answers.at(-1)!;
      expect(replay.headers['x-page-replay'], 'a kept copy answered at last').toBe('1');
      // The brotli copy (made once, after Next's answer) carries the same header.
      let brotli: Raw | undefined;
      for (let i = 0; i < 20 && brotli?.headers['x-page-replay'] !== '1'; i++) {
        brotli = await raw(path, { 'Accept-Encoding': 'br, gzip' });
        if (brotli.headers['x-page-replay'] !== '1') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(brotli?.headers['content-encoding']).toBe('br');
      expect(brotli?.headers['content-security-policy']).toBe(replay.headers['content-security-policy']);
      expect(html(brotli!)).toBe(html(replay));
    });
  }

  it('/LogIn and /ar/LogIn: a fresh nonce on every answer, on every script of Next, the head script by its hash', async () => {
    const nonces = new Set<string>();
    for (const path of ['/LogIn', '/ar/LogIn', '/login']) {
      const res = await raw(path, { 'Accept-Encoding': 'gzip' });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      const { document, nonce } = expectNoncePolicy(res);
      nonces.add(nonce);
      const theme = document.match(/<script>(\(function\(\)\{var root=document\.documentElement;[\s\S]*?)<\/script>/)?.[1];
      expect(theme, 'the head script is inline, without the nonce').toBeTruthy();
      expect(res.headers['content-security-policy']).toContain(sha(theme!));
    }
    expect(nonces.size).toBe(3);
  });

  it('the back office in any letter case gets a nonce too, even on its redirect to sign-in', async () => {
    for (const path of ['/Admin', '/admin/events', '/ar/ADMIN']) {
      const res = await raw(path);
      expect(res.status, path).toBe(307);
      expect(res.headers['content-security-policy'], path).toMatch(
        /^default-src 'self'; script-src 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic' /,
      );
    }
  });

  it("the 404 page, uncompressed, has the cached pages' policy", async () => {
    const res = await raw('/ar/no-such-page');
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(res.body.byteLength));
    expectCachedPagePolicy(res);
  });
});

describe('answers that are not pages', () => {
  it('media and the portfolio PDF keep their own policy; the API and RSC payloads refuse to be framed', async () => {
    const home = (await (await fetch(`${BASE}/api/home`)).json()) as unknown[][];
    const slide = (home[6] as { img: string }[])[0]?.img;
    expect(slide).toBeTruthy();
    for (const path of [
      `/sliderimges/${slide}`,
      `/media/sliderimges/${slide}`,
      `/_next/image?url=${encodeURIComponent(`/sliderimges/${slide}`)}&w=640&q=75`,
      '/portfolio.pdf',
    ]) {
      const res = await raw(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-security-policy'], path).toBe("default-src 'none'; sandbox");
    }
    expect((await raw('/api/home')).headers['content-security-policy']).toBe("frame-ancestors 'none'");
    // Next first sends an RSC request without its cache-busting `_rsc` parameter to the URL with it.
    const first = await raw('/AboutUs', { RSC: '1' });
    const location = first.status === 307 ? new URL(String(first.headers.location), BASE) : null;
    const rsc = location ? await raw(`${location.pathname}${location.search}`, { RSC: '1' }) : first;
    expect(rsc.status).toBe(200);
    expect(rsc.headers['content-type']).toContain('text/x-component');
    expect(directives(rsc.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
  });
});
