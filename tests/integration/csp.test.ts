import { createHash } from 'node:crypto';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { mapEmbedUrl } from '@/lib/server/map-embed.mjs';
import { BASE } from '../helpers/api';

// The production server's Content-Security-Policy (lib/server/csp.mjs via scripts/serve.mjs):
// every HTML answer allows exactly the inline scripts it carries, the kept copies of cached pages
// carry the same header, and media answers keep their own stricter policy.

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

/** The test's own reading of a document: the text of every <script> without src, hashed. */
function expectedHashes(document: string): string[] {
  const hashes = new Set<string>();
  for (const match of document.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(match[1] ?? '')) continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return [...hashes].sort();
}

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

function expectPagePolicy(res: Raw) {
  const document = html(res);
  const policy = directives(res.headers['content-security-policy']);
  const scripts = policy.get('script-src') ?? [];
  expect(scripts[0]).toBe("'self'");
  expect(scripts.slice(1).sort()).toEqual(expectedHashes(document));
  expect(scripts.length, 'the page has inline scripts (theme, flight data)').toBeGreaterThan(2);
  expect(Object.fromEntries([...policy].filter(([name]) => name !== 'script-src'))).toEqual({
    'default-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-src': [new URL(mapEmbedUrl()).origin],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
  return document;
}

describe('Content-Security-Policy of HTML answers', () => {
  for (const path of ['/', '/ar', '/TheTeam', '/ar/ContactUs', '/ar/SignUp']) {
    it(`${path}: allows exactly the inline scripts it carries, in Next's answer and in the kept copies`, async () => {
      // Next renders (MISS), then serves from its cache (HIT, copied), then the copy answers.
      const answers: Raw[] = [];
      for (let i = 0; i < 8 && !answers.some((a) => a.headers['x-page-replay'] === '1'); i++) {
        answers.push(await raw(path, { 'Accept-Encoding': 'gzip' }));
        if (i >= 1) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expectPagePolicy(answer);
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

  it('/LogIn: every answer allows exactly its inline scripts', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await raw('/LogIn', { 'Accept-Encoding': 'gzip' });
      expect(res.status).toBe(200);
      expectPagePolicy(res);
    }
  });

  it('the 404 page, uncompressed, has its own policy', async () => {
    const res = await raw('/ar/no-such-page');
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(res.body.byteLength));
    expectPagePolicy(res);
  });

  it('a page of the theme script carries that script hashed (the hash the browser computes)', async () => {
    const document = expectPagePolicy(await raw('/AboutUs'));
    const theme = document.match(/<script>(\(function\(\)\{var root=document\.documentElement;[\s\S]*?)<\/script>/)?.[1];
    expect(theme, 'the head script is inline in the page').toBeTruthy();
    const policy = (await raw('/AboutUs')).headers['content-security-policy'];
    expect(policy).toContain(`'sha256-${createHash('sha256').update(theme!).digest('base64')}'`);
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
    expect(rsc.headers['content-security-policy']).toBe("frame-ancestors 'none'");
  });
});
