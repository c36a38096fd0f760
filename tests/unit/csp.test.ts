import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameOrigin, inlineScriptHashes, pagePolicy, withPagePolicy } from '@/lib/server/csp.mjs';
import { DEFAULT_MAP_EMBED_URL, mapEmbedUrl } from '@/lib/server/map-embed.mjs';

// lib/server/csp.mjs: the hashes of a document's inline scripts, and the response wrapper the
// HTTP server puts around Next (here around a stand-in that answers the way Next does: headers
// set one by one, flushHeaders, chunks written through a gzip stream, end).

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes each inline script exactly as written, skips scripts with src, lists each hash once', () => {
    const theme = "try{if(localStorage.getItem('theme')==='light')x()}catch(e){}";
    const flight = 'self.__next_f.push([1,"مرحبا \\u003c/b>"])';
    const html = `<html><head><script>${theme}</script><script src="/_next/static/a.js" async=""></script></head>
<body><script type="application/ld+json">{"a":1}</script><script>${flight}</script><SCRIPT nonce="n">${theme}</SCRIPT><script></script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha(theme), sha('{"a":1}'), sha(flight), sha('')]);
  });

  it('answers nothing for a document without inline scripts', () => {
    expect(inlineScriptHashes('<p>script</p><script src="/x.js"></script>')).toEqual([]);
  });
});

describe('pagePolicy', () => {
  it('allows this origin and the hashes, the map frame by its origin, and nothing that is not named', () => {
    const policy = pagePolicy('<script>a()</script>', { frameOrigin: 'https://www.google.com' });
    expect(policy).toBe(
      `default-src 'self'; script-src 'self' ${sha('a()')}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; ` +
        "connect-src 'self'; frame-src https://www.google.com; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it('allows no frame when the map URL is not an http(s) URL', () => {
    expect(frameOrigin(DEFAULT_MAP_EMBED_URL)).toBe('https://www.google.com');
    expect(frameOrigin('https://maps.example.org:8443/embed?x=1')).toBe('https://maps.example.org:8443');
    expect(frameOrigin('javascript:alert(1)')).toBeNull();
    expect(frameOrigin('not a url')).toBeNull();
    expect(pagePolicy('', { frameOrigin: null })).toContain("frame-src 'none';");
    expect(mapEmbedUrl({})).toBe(DEFAULT_MAP_EMBED_URL);
    expect(mapEmbedUrl({ MAP_EMBED_URL: 'https://maps.example.org/e' })).toBe('https://maps.example.org/e');
  });
});

describe('withPagePolicy around a Next-like handler', () => {
  const PAGE = `<!DOCTYPE html><html><head><script>theme()</script></head><body>${'<p>x</p>'.repeat(2000)}<script>self.__next_f.push([1,"a"])</script></body></html>`;
  let server: http.Server;
  let base = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      withPagePolicy(res, { frameOrigin: 'https://maps.example.org' });
      // What Next's compression does: a gzip stream in front of res.write, set up on the first write.
      const send = (type: string, body: string, status = 200, gzip = true) => {
        res.statusCode = status;
        res.setHeader('Content-Type', type);
        res.setHeader('Content-Security-Policy', "frame-ancestors 'none'");
        if (gzip) res.setHeader('Content-Encoding', 'gzip');
        res.flushHeaders();
        const bytes = gzip ? gzipSync(body) : Buffer.from(body);
        // In three chunks, as a stream would.
        const third = Math.ceil(bytes.byteLength / 3);
        res.write(bytes.subarray(0, third));
        res.write(bytes.subarray(third, 2 * third));
        res.end(bytes.subarray(2 * third));
      };
      if (req.url === '/page') send('text/html; charset=utf-8', PAGE);
      else if (req.url === '/plain') send('text/html; charset=utf-8', PAGE, 404, false);
      else if (req.url === '/json') send('application/json', '{"ok":true}');
      else if (req.url === '/redirect') {
        res.statusCode = 303;
        res.setHeader('Location', '/page');
        res.setHeader('Content-Type', 'text/html');
        res.setHeader('Content-Encoding', 'gzip');
        res.end();
      } else if (req.url === '/head') res.writeHead(200, { 'Content-Type': 'text/html' }).end('<script>a()</script>');
      else res.writeHead(304).end();
    });
    // Ports 3151-3159 are this developer's; take the first free one.
    for (let port = 3151; port <= 3159 && !base; port++) {
      base = await new Promise<string>((resolve) => {
        server.once('error', () => resolve(''));
        server.listen(port, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
      });
    }
    expect(base).not.toBe('');
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, method = 'GET') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .request(`${base}${path}`, { method, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject)
        .end();
    });

  it('sends a compressed HTML answer unchanged, whole, with the policy of its inline scripts', async () => {
    const res = await get('/page');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(PAGE);
    expect(res.headers['content-length']).toBe(String(res.body.byteLength));
    expect(res.headers['content-security-policy']).toBe(pagePolicy(PAGE, { frameOrigin: 'https://maps.example.org' }));
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' ${sha('theme()')} ${sha('self.__next_f.push([1,"a"])')};`);
  });

  it('also reads an uncompressed one, and keeps its status', async () => {
    const res = await get('/plain');
    expect(res.status).toBe(404);
    expect(res.body.toString()).toBe(PAGE);
    expect(res.headers['content-security-policy']).toBe(pagePolicy(PAGE, { frameOrigin: 'https://maps.example.org' }));
  });

  it('sends an empty HTML answer (a redirect) with the policy of a page without scripts', async () => {
    const res = await get('/redirect');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/page');
    expect(res.body.byteLength).toBe(0);
    expect(res.headers['content-security-policy']).toBe(pagePolicy('', { frameOrigin: 'https://maps.example.org' }));
  });

  it('takes headers given to writeHead into account', async () => {
    const res = await get('/head');
    expect(res.body.toString()).toBe('<script>a()</script>');
    expect(res.headers['content-security-policy']).toBe(pagePolicy('<script>a()</script>', { frameOrigin: 'https://maps.example.org' }));
  });

  it('leaves answers that are not HTML, or carry no body, as they were', async () => {
    const json = await get('/json');
    expect(json.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(JSON.parse(gunzipSync(json.body).toString())).toEqual({ ok: true });
    expect(json.headers['content-length']).toBeUndefined();
    const notModified = await get('/nothing');
    expect(notModified.status).toBe(304);
    expect(notModified.headers['content-security-policy']).toBeUndefined();
    const head = await get('/page', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
  });
});
