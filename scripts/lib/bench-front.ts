// `npm run bench`, production topology: the cached pages through deploy/nginx.conf (its page
// cache) against nginx serving the very same bytes as static files, both with one worker, both
// asked for gzip as browsers do. The ratio says what nginx's cache costs over a plain file.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { startNginx, type RunningNginx } from '../../tests/helpers/nginx';
import { freeLoopbackPort, portAnswers } from '../../tests/helpers/loopback';

const HOST = '127.0.0.1';
const GZIP = { 'accept-encoding': 'gzip' };

export interface FrontRow {
  target: string;
  bytes: number | null;
  front: number | null;
  staticFile: number | null;
  ratio: number | null;
  error?: string;
}

interface Options {
  serverPort: number;
  targets: string[];
  dir: string;
  durationSeconds: number;
  connections: number;
  log: (line: string) => void;
}

function get(port: number, target: string): Promise<{ status: number; type: string; encoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: HOST, port, path: target, headers: GZIP, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? 'application/octet-stream'),
            encoding: String(res.headers['content-encoding'] ?? ''),
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function rate(port: number, target: string, options: Options): Promise<number> {
  for (let i = 0; i < 5; i++) await get(port, target);
  const result = await autocannon({
    url: `http://${HOST}:${port}${target}`,
    headers: GZIP,
    connections: options.connections,
    duration: options.durationSeconds,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** nginx serving files with fixed types and encodings at the targets' paths (one worker, like the front). */
async function startStaticNginx(dir: string, files: { target: string; file: string; type: string; encoding: string }[]) {
  const port = await freeLoopbackPort();
  const locations = files
    .map(
      ({ target, file, type, encoding }) =>
        // try_files, not alias: `/` would be read as a folder's index.
        `    location = ${target} { try_files /${path.basename(file)} =404; default_type "${type}"; ${encoding ? `add_header Content-Encoding ${encoding};` : ''} }`,
    )
    .join('\n');
  const config = `worker_processes 1;${process.getuid?.() === 0 ? '\nuser root;' : ''}
error_log ${dir}/static-error.log warn;
pid ${dir}/static.pid;
events { worker_connections 1024; }
http {
  access_log off;
  types {}
  client_body_temp_path ${dir}/static-body;
  proxy_temp_path ${dir}/static-proxy;
  fastcgi_temp_path ${dir}/static-fastcgi;
  uwsgi_temp_path ${dir}/static-uwsgi;
  scgi_temp_path ${dir}/static-scgi;
  server {
    listen ${HOST}:${port};
    root ${dir}/files;
${locations}
  }
}
`;
  writeFileSync(path.join(dir, 'static.conf'), config);
  const child = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'static.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  for (let i = 0; i < 100 && !(await portAnswers(port)); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
}

export async function runFrontLoadTests(options: Options): Promise<FrontRow[]> {
  const rows: FrontRow[] = options.targets.map((target) => ({ target, bytes: null, front: null, staticFile: null, ratio: null }));
  let front: RunningNginx | null = null;
  let plain: { port: number; stop: () => Promise<void> } | null = null;
  try {
    front = await startNginx({ upstreams: [options.serverPort], port: await freeLoopbackPort(), dir: options.dir });
    const frontPort = Number(new URL(front.base).port);
    const files: { target: string; file: string; type: string; encoding: string }[] = [];
    mkdirSync(path.join(options.dir, 'files'), { recursive: true });
    for (const [i, row] of rows.entries()) {
      const copy = await get(frontPort, row.target);
      if (copy.status !== 200) throw new Error(`${row.target} through nginx: HTTP ${copy.status}`);
      const file = path.join(options.dir, 'files', String(i));
      writeFileSync(file, copy.body);
      files.push({ target: row.target, file, type: copy.type, encoding: copy.encoding });
      row.bytes = copy.body.length;
    }
    for (const row of rows) {
      row.front = await rate(frontPort, row.target, options);
      options.log(`nginx front ${row.target}: ${row.front.toFixed(1)} req/s`);
    }
    await front.stop();
    front = null;
    plain = await startStaticNginx(options.dir, files);
    for (const row of rows) {
      row.staticFile = await rate(plain.port, row.target, options);
      row.ratio = row.front! / row.staticFile;
      options.log(`nginx static ${row.target}: ${row.staticFile.toFixed(1)} req/s (ratio ${row.ratio.toFixed(2)})`);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    for (const row of rows) row.error ??= message;
    options.log(`production topology: ${message}`);
  } finally {
    await front?.stop();
    await plain?.stop();
  }
  return rows;
}
