// `npm run bench`: throughput of the production server against a bare Node baseline, plus
// Lighthouse (mobile) scores for every public page, printed and written to bench-results.json.
//
// Environment:
//   DATABASE_URL          PostgreSQL to serve from; empty = `npm start` with an embedded database
//                         in a temp DATA_DIR (and a temp UPLOADS_DIR unless one is given)
//   BENCH_PORT            port of the server under test (default 3400); the baseline uses +1
//   BENCH_DURATION        seconds per autocannon run (default 10)
//   BENCH_CONNECTIONS     autocannon connections (default 10)
//   BENCH_START_TIMEOUT   seconds to wait for GET /api/home = 200 (default 180)
//   BENCH_SKIP_LIGHTHOUSE=1 skips the Lighthouse part
//   BENCH_LIGHTHOUSE_RUNS measured Lighthouse runs per page, the median is reported (default 3)
//   BENCH_SKIP_FRONT=1    skips the production-topology part (deploy/nginx.conf's page cache in
//                         front of the server against nginx serving the same bytes; needs nginx)
//
// Exits non-zero only when the server cannot be built or started: every measurement failure is
// reported in the output and the JSON instead, so a partial result is still a result.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Flags as LighthouseFlags, Result as LighthouseResult } from 'lighthouse';
import { localePath, PUBLIC_PAGES } from '../lib/pages';
import { runFrontLoadTests, type FrontRow } from './lib/bench-front';
import { buildIfNeeded } from './lib/build';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';

const PORT = intFromEnv('BENCH_PORT', 3400);
const BASELINE_PORT = PORT + 1;
const DURATION_S = intFromEnv('BENCH_DURATION', 10);
const CONNECTIONS = intFromEnv('BENCH_CONNECTIONS', 10);
const START_TIMEOUT_MS = intFromEnv('BENCH_START_TIMEOUT', 180) * 1000;
const SKIP_LIGHTHOUSE = process.env.BENCH_SKIP_LIGHTHOUSE === '1';
const SKIP_FRONT = process.env.BENCH_SKIP_FRONT === '1';
/** Issue 24: cached pages through nginx's page cache, as a share of nginx serving the same bytes. */
const FRONT_GOAL = 0.9;
const LIGHTHOUSE_RUNS = intFromEnv('BENCH_LIGHTHOUSE_RUNS', 3);
const EMBEDDED = !process.env.DATABASE_URL;

const LOAD_TARGETS = ['/', '/ar', '/api/home'];
// Informational goals (issue 18): each target's share of a static server's rate sending the same bytes.
const RATIO_GOALS: Record<string, number> = { '/': 0.8, '/ar': 0.8, '/api/home': 0.5 };
const WARMUP_REQUESTS = 5;

// English first: the Arabic pages carry their /ar prefix, so a locale cookie that an Arabic visit
// may leave in the shared browser cannot redirect them, while it could redirect the English ones.
const LIGHTHOUSE_PAGES = ['en', 'ar'].flatMap((locale) => PUBLIC_PAGES.map((page) => localePath(locale, page.path)));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const CHROME_PATH = CHROMIUM_PATH;

interface Snapshot {
  status: number;
  contentType: string;
  body: Buffer;
}

interface LoadStats {
  reqPerSec: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface LoadRow {
  target: string;
  status: number | null;
  bytes: number | null;
  server: LoadStats | null;
  baseline: LoadStats | null;
  ratio: number | null;
  pass: boolean | null;
  error?: string;
}

interface LighthouseRow {
  page: string;
  httpStatus: number | null;
  finalUrl: string | null;
  /** Of the median run (by performance score). */
  scores: Record<Category, number | null>;
  /** Performance score of every measured run, in order. */
  performanceRuns: number[];
  /** Metrics of the median run, in milliseconds (CLS unitless). */
  metrics: { fcp: number | null; lcp: number | null; tbt: number | null; cls: number | null; si: number | null } | null;
  error?: string;
}

interface RunningServer {
  child: ChildProcess;
  logFile: string;
}

const log = (line: string) => console.log(`[bench] ${line}`);

function intFromEnv(name: string, fallback: number): number {
  const value = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Server lifecycle

/** Temp directories to delete at exit (embedded database, uploads, server log). */
const tempDirs: string[] = [];
let server: RunningServer | null = null;
/** The Lighthouse browser, kept here so a signal can close it along with the server. */
let chrome: { kill: () => void } | null = null;
/** Set once a signal or the end of the run starts the cleanup; the phases stop at their next step. */
let shuttingDown: Promise<void> | null = null;

function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/**
 * Detached so the server and everything it spawns (npm → tsx → npx → next, plus PGlite) share a
 * process group that can be ended as one. Output goes to a file rather than a pipe: an unread pipe
 * would stall the server, and its request log would drown the tables.
 */
function startServer(): RunningServer {
  const logFile = path.join(makeTempDir('bench-log-'), 'server.log');
  const fd = openSync(logFile, 'a');
  // Nothing routes to it but the bench: no reason to keep serving after SIGTERM (server/main.ts).
  const env: NodeJS.ProcessEnv = { SHUTDOWN_DELAY_SECONDS: '0', ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  let command: string;
  let args: string[];
  if (EMBEDDED) {
    env.PORT = String(PORT);
    env.DATA_DIR = makeTempDir('bench-data-');
    // A throwaway uploads folder unless the caller chose one: the run must not touch the repo's.
    env.UPLOADS_DIR ||= makeTempDir('bench-uploads-');
    command = 'npm';
    args = ['start'];
  } else {
    env.PORT = String(PORT);
    env.HOSTNAME = HOST;
    command = process.execPath;
    args = ['dist/server.mjs'];
  }
  log(`starting \`${command} ${args.join(' ')}\` on port ${PORT} (log: ${logFile})`);
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  return { child, logFile };
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM lets the start script close the embedded database cleanly; SIGKILL if it lingers. */
async function stopServer() {
  const pid = server?.child.pid;
  if (pid && groupAlive(pid)) {
    process.kill(-pid, 'SIGTERM');
    for (let waited = 0; waited < 15_000 && groupAlive(pid); waited += 250) await sleep(250);
    if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
  }
  server = null;
}

function removeTempDirs() {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

function stopChrome() {
  chrome?.kill();
  chrome = null;
}

/** Last resort when the process exits without reaching the normal cleanup (must be synchronous). */
function killEverythingNow() {
  stopChrome();
  const pid = server?.child.pid;
  if (pid && groupAlive(pid)) process.kill(-pid, 'SIGKILL');
}

async function waitForReady(running: RunningServer) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (shuttingDown) throw new Error('interrupted');
    if (running.child.exitCode !== null) throw new Error(`server exited with code ${running.child.exitCode}`);
    try {
      const { status } = await capture(PORT, '/api/home');
      if (status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(1000);
  }
  throw new Error(`GET /api/home did not answer 200 within ${START_TIMEOUT_MS / 1000} s`);
}

function tailOfFile(file: string, lines: number): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers

/**
 * One plain GET with no Accept-Encoding and no redirect following, i.e. the very request
 * autocannon repeats, so the baseline serves exactly the bytes the server was measured on.
 */
function capture(port: number, target: string): Promise<Snapshot> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: HOST, port, path: target, agent: false, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type'] ?? 'application/octet-stream'),
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${target} timed out`)));
    request.on('error', reject);
  });
}

/** Minimal static server: the ceiling a Node process on this machine reaches for the same bytes. */
function startBaseline(snapshots: Map<string, Snapshot>): Promise<http.Server> {
  const baseline = http.createServer((request, response) => {
    const snapshot = snapshots.get(request.url ?? '');
    if (!snapshot) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(snapshot.status, {
      'content-type': snapshot.contentType,
      'content-length': snapshot.body.length,
    });
    response.end(snapshot.body);
  });
  return new Promise((resolve, reject) => {
    baseline.once('error', reject);
    baseline.listen(BASELINE_PORT, HOST, () => resolve(baseline));
  });
}

// ---------------------------------------------------------------------------------------------
// Load

/** Caches, JIT and connection set-up are not what we measure. */
async function warmUp(port: number, target: string) {
  for (let i = 0; i < WARMUP_REQUESTS; i++) await capture(port, target);
}

async function load(port: number, target: string): Promise<LoadStats> {
  await warmUp(port, target);
  const result = await autocannon({
    url: `http://${HOST}:${port}${target}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  return {
    reqPerSec: result.requests.average,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function runLoadTests(): Promise<LoadRow[]> {
  const rows: LoadRow[] = LOAD_TARGETS.map((target) => ({
    target,
    status: null,
    bytes: null,
    server: null,
    baseline: null,
    ratio: null,
    pass: null,
  }));

  const snapshots = new Map<string, Snapshot>();
  for (const row of rows) {
    if (shuttingDown) break;
    try {
      const snapshot = await capture(PORT, row.target);
      snapshots.set(row.target, snapshot);
      row.status = snapshot.status;
      row.bytes = snapshot.body.length;
      log(`${row.target}: HTTP ${snapshot.status}, ${snapshot.body.length} bytes, ${snapshot.contentType}`);
      row.server = await load(PORT, row.target);
      log(`${row.target}: ${row.server.reqPerSec.toFixed(1)} req/s, p99 ${row.server.p99Ms} ms`);
    } catch (error) {
      row.error = errorMessage(error);
      log(`${row.target}: ${row.error}`);
    }
  }

  // The baseline runs after the server's runs so both never compete for the two cores.
  let baseline: http.Server | null = null;
  try {
    baseline = await startBaseline(snapshots);
    for (const row of rows) {
      if (shuttingDown) break;
      if (!snapshots.has(row.target)) continue;
      try {
        row.baseline = await load(BASELINE_PORT, row.target);
        log(`baseline ${row.target}: ${row.baseline.reqPerSec.toFixed(1)} req/s, p99 ${row.baseline.p99Ms} ms`);
      } catch (error) {
        row.error = `baseline: ${errorMessage(error)}`;
      }
    }
  } catch (error) {
    log(`baseline server on port ${BASELINE_PORT} failed: ${errorMessage(error)}`);
  } finally {
    baseline?.closeAllConnections();
    baseline?.close();
  }

  for (const row of rows) {
    if (row.server && row.baseline && row.baseline.reqPerSec > 0) {
      row.ratio = row.server.reqPerSec / row.baseline.reqPerSec;
      const goal = RATIO_GOALS[row.target];
      row.pass = goal == null ? null : row.ratio >= goal;
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

function emptyScores(): Record<Category, number | null> {
  return { performance: null, accessibility: null, 'best-practices': null, seo: null };
}

function scoresOf(lhr: LighthouseResult): Record<Category, number | null> {
  const scores = emptyScores();
  for (const category of CATEGORIES) {
    const score = lhr.categories[category]?.score;
    scores[category] = typeof score === 'number' ? Math.round(score * 100) : null;
  }
  return scores;
}

function metricsOf(lhr: LighthouseResult): LighthouseRow['metrics'] {
  const value = (id: string) => {
    const numeric = lhr.audits[id]?.numericValue;
    return typeof numeric === 'number' ? numeric : null;
  };
  return {
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
  };
}

/**
 * One Chromium for every page; imported lazily so BENCH_SKIP_LIGHTHOUSE=1 does not pay for
 * loading Lighthouse. Each page is isolated: a 404 or a crash is recorded and the next one runs.
 * Each page gets one run that is thrown away (the first visit after a start renders the page and
 * encodes its images, which later visitors never wait for), then LIGHTHOUSE_RUNS measured runs,
 * of which the median by performance score is reported: single runs here vary by ±10 points.
 */
/**
 * A project page in both languages (issue 25): BENCH_PROJECT_PATH ("/Projects/slug"), else the
 * first one /Projects lists (`npm run projects:generate` makes its gallery project the newest).
 */
/** A project's page and a service's page (issue 37), each in both languages: the first linked from their lists. */
async function detailPages(): Promise<string[]> {
  const first = async (list: string, pattern: RegExp) => pattern.exec((await capture(PORT, list)).body.toString())?.[1];
  const chosen = [
    process.env.BENCH_PROJECT_PATH ?? (await first('/Projects', /href="(\/Projects\/[a-z0-9-]+)"/)),
    process.env.BENCH_SERVICE_PATH ?? (await first('/Services', /href="(\/Services\/[a-z0-9-]+)"/)),
  ].filter((path): path is string => Boolean(path));
  return ['en', 'ar'].flatMap((locale) => chosen.map((path) => localePath(locale, path)));
}

/** Issue 37's check: a service page's mobile performance median within this many points of /Services' in the same run. */
const SERVICE_PAGE_MARGIN = 2;

/** Each language's service page against /Services, from the same run's medians. */
function servicePageComparison(rows: LighthouseRow[]): string[] {
  return ['en', 'ar'].map((locale) => {
    const list = rows.find((row) => row.page === localePath(locale, '/Services'));
    const page = rows.find((row) => row.page.startsWith(localePath(locale, '/Services/')));
    const [a, b] = [page?.scores.performance, list?.scores.performance];
    if (a == null || b == null) return `service page (${locale}): not measured`;
    const verdict = b - a <= SERVICE_PAGE_MARGIN ? 'within' : 'NOT within';
    return `service page ${page!.page}: performance ${a} vs /Services ${b}: ${verdict} ${SERVICE_PAGE_MARGIN} points`;
  });
}

/** Each language's detail pages after that language's pages (English first: see LIGHTHOUSE_PAGES). */
function withProjectPages(pages: string[], projects: string[]): string[] {
  const arabic = (page: string) => page === '/ar' || page.startsWith('/ar/');
  return [...pages.filter((p) => !arabic(p)), ...projects.filter((p) => !arabic(p)), ...pages.filter(arabic), ...projects.filter(arabic)];
}

async function runLighthouse(): Promise<{ version: string | null; rows: LighthouseRow[] }> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  // handleSIGINT off: chrome-launcher's own handler would exit at once, before the server is stopped.
  const browser = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, handleSIGINT: false });
  chrome = browser;
  const rows: LighthouseRow[] = [];
  let version: string | null = null;
  try {
    for (const page of withProjectPages(LIGHTHOUSE_PAGES, await detailPages())) {
      if (shuttingDown) break;
      const row: LighthouseRow = { page, httpStatus: null, finalUrl: null, scores: emptyScores(), performanceRuns: [], metrics: null };
      rows.push(row);
      try {
        // Lighthouse gives no status code for a page that loads, so ask once ourselves.
        row.httpStatus = (await capture(PORT, page)).status;
        const flags: LighthouseFlags = {
          port: browser.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        };
        const runs: LighthouseResult[] = [];
        for (let run = 0; run <= LIGHTHOUSE_RUNS && !shuttingDown; run++) {
          const result = await lighthouse(`http://${HOST}:${PORT}${page}`, flags);
          if (!result) throw new Error('Lighthouse returned no result');
          if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
          if (run > 0) runs.push(result.lhr);
        }
        const performance = (lhr: LighthouseResult) => lhr.categories.performance?.score ?? 0;
        row.performanceRuns = runs.map((lhr) => Math.round(performance(lhr) * 100));
        const median = [...runs].sort((a, b) => performance(a) - performance(b))[Math.floor(runs.length / 2)];
        if (!median) throw new Error('no measured run');
        version = median.lighthouseVersion;
        row.finalUrl = median.finalDisplayedUrl;
        row.scores = scoresOf(median);
        row.metrics = metricsOf(median);
      } catch (error) {
        row.error = errorMessage(error);
      }
      log(`lighthouse ${page}: HTTP ${row.httpStatus ?? '-'} ${formatScores(row.scores)}${row.error ? ` (${row.error})` : ''}`);
    }
  } finally {
    stopChrome();
  }
  return { version, rows };
}

// ---------------------------------------------------------------------------------------------
// Output

function formatScores(scores: Record<Category, number | null>): string {
  return CATEGORIES.map((category) => `${category} ${scores[category] ?? '-'}`).join(', ');
}

function printTable(headers: string[], rows: string[][]) {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(line(headers));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

const num = (value: number | null | undefined, digits = 0) => (value == null ? '-' : value.toFixed(digits));

function printLoadTable(rows: LoadRow[]) {
  console.log(`\nLoad: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per run`);
  printTable(
    ['target', 'status', 'req/s', 'p99 ms', 'baseline req/s', 'baseline p99', 'ratio', 'goal'],
    rows.map((row) => [
      row.target,
      num(row.status),
      num(row.server?.reqPerSec, 1),
      num(row.server?.p99Ms),
      num(row.baseline?.reqPerSec, 1),
      num(row.baseline?.p99Ms),
      num(row.ratio, 2),
      row.pass == null ? '-' : `≥ ${RATIO_GOALS[row.target]} ${row.pass ? 'PASS' : 'FAIL'}`,
    ]),
  );
  for (const row of rows) {
    const problems = [
      row.server && row.server.non2xx > 0 ? `${row.server.non2xx} non-2xx` : '',
      row.server && row.server.errors > 0 ? `${row.server.errors} errors` : '',
      row.server && row.server.timeouts > 0 ? `${row.server.timeouts} timeouts` : '',
      row.error ?? '',
    ].filter(Boolean);
    if (problems.length > 0) console.log(`  ${row.target}: ${problems.join(', ')}`);
  }
  console.log('(goals: ratio to the static server; informational)');
}

function printFrontTable(rows: FrontRow[]) {
  console.log(`\nProduction topology: deploy/nginx.conf's page cache vs nginx serving the same bytes (gzip, 1 worker each)`);
  printTable(
    ['target', 'bytes', 'nginx cache req/s', 'nginx static req/s', 'ratio', 'goal'],
    rows.map((row) => [
      row.target,
      num(row.bytes),
      num(row.front, 1),
      num(row.staticFile, 1),
      num(row.ratio, 2),
      row.ratio == null ? '-' : `≥ ${FRONT_GOAL} ${row.ratio >= FRONT_GOAL ? 'PASS' : 'FAIL'}`,
    ]),
  );
  for (const row of rows) if (row.error) console.log(`  ${row.target}: ${row.error}`);
}

function printLighthouseTable(version: string | null, rows: LighthouseRow[]) {
  console.log(`\nLighthouse ${version ?? ''} (mobile, default config): median of ${LIGHTHOUSE_RUNS} runs after a warm-up run`);
  printTable(
    ['page', 'HTTP', ...CATEGORIES, 'perf runs', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms'],
    rows.map((row) => [
      row.page,
      num(row.httpStatus),
      ...CATEGORIES.map((category) => num(row.scores[category])),
      row.performanceRuns.join('/') || '-',
      num(row.metrics?.fcp),
      num(row.metrics?.lcp),
      num(row.metrics?.tbt),
      num(row.metrics?.cls, 3),
      num(row.metrics?.si),
    ]),
  );
  for (const row of rows) {
    if (row.error) console.log(`  ${row.page}: ${row.error}`);
    else if (row.finalUrl && new URL(row.finalUrl).pathname !== row.page) console.log(`  ${row.page}: ended at ${row.finalUrl}`);
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  process.chdir(ROOT);
  try {
    // Measure the current sources: a build older than them would measure code that is gone.
    // Building needs no database, and doing it here keeps it out of the server's start timeout.
    buildIfNeeded(log);
    server = startServer();
    await waitForReady(server);
  } catch (error) {
    console.error(`[bench] the server could not start: ${errorMessage(error)}`);
    if (server) console.error(tailOfFile(server.logFile, 40));
    return 1;
  }
  log(`server ready on http://${HOST}:${PORT}`);

  const loadRows = await runLoadTests();
  const frontRows: FrontRow[] = SKIP_FRONT
    ? []
    : await runFrontLoadTests({
        serverPort: PORT,
        targets: LOAD_TARGETS,
        dir: makeTempDir('bench-front-'),
        durationSeconds: DURATION_S,
        connections: CONNECTIONS,
        log,
      });

  let lighthouse: { version: string | null; rows: LighthouseRow[] } | null = null;
  let lighthouseError: string | undefined;
  if (SKIP_LIGHTHOUSE) {
    log('Lighthouse skipped (BENCH_SKIP_LIGHTHOUSE=1)');
  } else {
    try {
      lighthouse = await runLighthouse();
    } catch (error) {
      lighthouseError = errorMessage(error);
      log(`Lighthouse failed: ${lighthouseError}`);
    }
  }

  // Interrupted: whatever was measured after the signal is noise, so print and write nothing.
  if (shuttingDown) return 130;

  printLoadTable(loadRows);
  if (frontRows.length) printFrontTable(frontRows);
  if (lighthouse) {
    printLighthouseTable(lighthouse.version, lighthouse.rows);
    for (const line of servicePageComparison(lighthouse.rows)) console.log(line);
  }

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    server: EMBEDDED ? 'npm start (embedded PostgreSQL)' : 'server/main.ts (DATABASE_URL)',
    settings: { port: PORT, baselinePort: BASELINE_PORT, durationSeconds: DURATION_S, connections: CONNECTIONS },
    ratioGoals: RATIO_GOALS,
    load: loadRows,
    front: frontRows,
    lighthouse: lighthouse ?? { skipped: SKIP_LIGHTHOUSE, error: lighthouseError },
  };
  const outFile = path.join(ROOT, 'bench-results.json');
  writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
  log(`results written to ${outFile}`);
  return 0;
}

/** Idempotent: a signal and the end of main() may both ask, and both must wait for the same stop. */
function shutdown(): Promise<void> {
  shuttingDown ??= (async () => {
    stopChrome();
    await stopServer();
    removeTempDirs();
  })();
  return shuttingDown;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the server`);
    void shutdown().finally(() => process.exit(130));
  });
}
// Lighthouse leaves some protocol calls floating; when their page or browser goes away they reject
// with no one listening. That is one page's (or the shutdown's) failure, not the benchmark's.
process.on('unhandledRejection', (reason) => {
  if (!shuttingDown) log(`ignored a stray failure: ${errorMessage(reason)}`);
});
process.once('exit', () => {
  killEverythingNow();
  removeTempDirs();
});

void main()
  .catch((error: unknown) => {
    console.error('[bench] unexpected failure:', error);
    return 0;
  })
  .then(async (code) => {
    await shutdown();
    process.exit(code);
  });
