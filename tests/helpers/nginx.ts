import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { portAnswers } from './loopback';

// deploy/nginx.conf (the file docker-compose.yml mounts) run by a real nginx in front of test
// servers: only the upstream addresses, the listen address and the file paths are swapped, and
// each swap must have happened, so the tests and the shipped file cannot drift.

export interface NginxOptions {
  /** The instances' ports on 127.0.0.1: one stands in for both of the file's instances. */
  upstreams: [number] | [number, number];
  /** Where nginx listens on 127.0.0.1. */
  port: number;
  /** A folder of the test's own for the config, logs, pid and nginx's temp files. */
  dir: string;
  /** A change to the shipped file, for a control run (e.g. without a directive under test). */
  edit?: (config: string) => string;
}

/** deploy/nginx.conf with the test's addresses and files. */
export function nginxConfig({ upstreams, port, dir, edit }: NginxOptions): string {
  const [first, second = first] = upstreams;
  const swaps: [string, string][] = [
    // Started as root, nginx's workers would run as `nobody`, who cannot enter the test's private
    // folder to write a large request body to disk (a 500): they keep the test's own user.
    ['worker_processes auto;', `worker_processes 1;${process.getuid?.() === 0 ? '\nuser root;' : ''}`],
    ['error_log /dev/stderr warn;', `error_log ${dir}/nginx-error.log warn;`],
    // Temp folders of its own (Debian's defaults are under /var/lib/nginx).
    [
      'access_log /dev/stdout;',
      ['access_log off;', ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((n) => `${n}_temp_path ${dir}/${n};`)].join('\n  '),
    ],
    ['server app1:3000', `server 127.0.0.1:${first}`],
    ['server app2:3000', `server 127.0.0.1:${second}`],
    ['listen 80;', `listen 127.0.0.1:${port};`],
    // The page cache in a folder of the test's own.
    ['/var/cache/nginx/pages', `${dir}/pages`],
  ];
  let config = readFileSync(path.resolve('deploy/nginx.conf'), 'utf8');
  for (const [from, to] of swaps) {
    const next = config.replace(from, to);
    if (next === config) throw new Error(`deploy/nginx.conf no longer has ${from}`);
    config = next;
  }
  return edit ? edit(config) : config;
}

const nginxArgs = (dir: string) => [
  '-p',
  dir,
  '-c',
  path.join(dir, 'nginx.conf'),
  '-e',
  path.join(dir, 'nginx-error.log'),
  '-g',
  `daemon off; pid ${dir}/nginx.pid;`,
];

export interface RunningNginx {
  base: string;
  /** What nginx printed (its error log goes to a file in `dir`). */
  output(): string;
  /** Signals nginx (SIGQUIT: finish the requests in flight) and resolves once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts nginx in the foreground on the test's copy of the file; resolves once it accepts connections. */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  writeFileSync(path.join(options.dir, 'nginx.conf'), nginxConfig(options));
  const child = spawn('nginx', nginxArgs(options.dir), { stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const nginx: RunningNginx = {
    base: `http://127.0.0.1:${options.port}`,
    output: () => text,
    async stop(signal = 'SIGQUIT') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + 10_000;
  while (!(await portAnswers(options.port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await nginx.stop('SIGKILL');
      throw new Error(`nginx did not start: ${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return nginx;
}
