// `npm test`: the whole suite against a real PostgreSQL and a real production server.
//  1. a fresh database (TEST_DATABASE_URL if given, else a throw-away one on the local server),
//  2. migrations with our runner, a build if the sources changed,
//  3. the production server (server/main.ts) on a test port with its own uploads folder,
//  4. Vitest (unit + integration over HTTP), then Playwright in Chromium,
//  5. one closing line: `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '@/lib/db/migrate';
import { buildIfNeeded } from './lib/build';

const log = (line: string) => console.log(`[test] ${line}`);
const PORT = process.env.TEST_PORT || '3100';
// e.g. `npm test -- vitest` or `-- e2e`; file names narrow a runner to those files
// (`npm test -- tests/integration/uploads.test.ts tests/e2e/admin.spec.ts`).
const args = process.argv.slice(2);
const vitestFiles = args.filter((a) => a.endsWith('.test.ts'));
const e2eFiles = args.filter((a) => a.endsWith('.spec.ts'));
const only = args.filter((a) => !a.endsWith('.test.ts') && !a.endsWith('.spec.ts'));
if (vitestFiles.length && !e2eFiles.length) only.push('vitest');
if (e2eFiles.length && !vitestFiles.length) only.push('e2e');
if (vitestFiles.length && e2eFiles.length) only.push('vitest', 'e2e');
// `integration`: the Vitest files that need the server (unit tests run alone with `npm run test:unit`).
if (only.includes('integration')) {
  vitestFiles.push('tests/integration');
  only.push('vitest');
}

async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, drop: async () => {} };
  const admin = process.env.PG_ADMIN_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
  const name = `sevenstars_test_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

async function waitFor(url: string, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer at ${url}`);
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): number {
  return spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1;
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** The failed tests' names, repeated at the end: CI keeps only the output's tail. */
  names: string[];
}

// A runner that crashed, or a file that failed to load, counts as at least one failure.
function count(file: string, kind: 'vitest' | 'playwright'): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, names: [`${kind}: no report (the runner crashed)`] };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (kind === 'vitest') {
    const failed = report.numFailedTests ?? 0;
    const names: string[] = [];
    for (const result of report.testResults ?? []) {
      const where = path.relative(process.cwd(), String(result.name ?? ''));
      type Test = { status?: string; fullName?: string; title?: string; failureMessages?: string[] };
      const tests = ((result.assertionResults ?? []) as Test[]).filter((test) => test.status === 'failed');
      for (const test of tests) {
        const why = String(test.failureMessages?.[0] ?? '')
          .split('\n')[0]!
          .slice(0, 240);
        names.push(`${where} › ${test.fullName ?? test.title}: ${why}`);
      }
      // A file that failed outside its tests (a hook, an import) has no failed test to name.
      if (result.status === 'failed' && !tests.length) names.push(`${where}: ${String(result.message ?? 'failed').split('\n')[0]}`);
    }
    return {
      passed: report.numPassedTests ?? 0,
      failed: report.success === false && failed === 0 ? 1 : failed,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
      names,
    };
  }
  const stats = report.stats ?? {};
  const failed = (stats.unexpected ?? 0) + (stats.flaky ?? 0) + (report.errors?.length ?? 0);
  const names: string[] = (report.errors ?? []).map((error: { message?: string }) => `playwright: ${String(error.message).split('\n')[0]}`);
  type Suite = { title?: string; file?: string; specs?: { title: string; ok: boolean; line?: number }[]; suites?: Suite[] };
  const walk = (suite: Suite, file: string) => {
    for (const spec of suite.specs ?? []) if (!spec.ok) names.push(`${suite.file ?? file}:${spec.line ?? ''} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report.suites ?? []) walk(suite, '');
  return { passed: stats.expected ?? 0, failed, skipped: stats.skipped ?? 0, names };
}

async function main() {
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  buildIfNeeded(log);
  const database = await freshDatabase();
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-uploads-'));
  const backupDir = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-backups-'));
  const reports = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-reports-'));
  let server: ReturnType<typeof spawn> | undefined;
  const total: Counts = { passed: 0, failed: 0, skipped: 0, names: [] };
  const add = (c: Counts) => {
    total.passed += c.passed;
    total.failed += c.failed;
    total.skipped += c.skipped;
    total.names.push(...c.names);
  };
  try {
    await migrate(database.url, path.resolve('prisma/migrations'), log);
    if (process.env.TEST_DATABASE_URL) {
      // A database kept between runs: no run inherits the throttles an earlier one spent (the
      // sign-up limit's shared budget above all, which every run's sign-ups draw on).
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query('DELETE FROM rate_limits');
      await client.end();
    }
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      UPLOADS_DIR: uploadsDir,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      PORT,
      TEST_BASE_URL: `http://127.0.0.1:${PORT}`,
      SITE_URL: `http://127.0.0.1:${PORT}`,
      // As behind one proxy: tests give each caller its own X-Forwarded-For (tests/helpers/api.ts
      // freshIp). Requests without one (the browsers) count by their socket's address.
      TRUST_PROXY_HOPS: '1',
      // No drain delay on SIGTERM (server/main.ts) for this server and the ones tests start:
      // nothing routes to them but the tests, and a stopped one must free its port at once. The
      // tests of the delay ask for it.
      SHUTDOWN_DELAY_SECONDS: '0',
      // No nightly backup in the middle of a run (CI may run at 03:00 UAE); "Back up now" still
      // works, into a folder of the run's own. The backup tests start servers with their own schedule.
      BACKUP_CRON: 'off',
      BACKUP_DIR: backupDir,
    };
    // The demo company, so the public pages have content to show.
    run('npx', ['tsx', '--conditions=react-server', 'tests/helpers/seed-cli.ts'], env);
    if (
      await fetch(`http://127.0.0.1:${PORT}/`).then(
        () => true,
        () => false,
      )
    )
      throw new Error(`port ${PORT} is already in use (set TEST_PORT)`);
    // The production server, as `npm start` runs it; its own process group, so it stops as one.
    server = spawn(process.execPath, ['dist/server.mjs'], {
      stdio: ['ignore', 'inherit', 'inherit'],
      // One JSON line per request would bury the test output (only this server's: the servers the
      // log tests start read theirs).
      env: { ...env, HOSTNAME: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
      detached: true,
    });
    await waitFor(`http://127.0.0.1:${PORT}/api/home`, 60_000);
    log(`server up on ${PORT}`);

    if (!only.length || only.includes('vitest')) {
      // The tiers without a server first, their files side by side (each in-process file has a
      // database of its own); then the HTTP tier's, one after another (one server, one database).
      const tiers = [
        { name: 'vitest-local', projects: ['unit', 'inproc'], parallel: true },
        { name: 'vitest-http', projects: ['integration'], parallel: false },
      ];
      for (const tier of tiers) {
        const file = path.join(reports, `${tier.name}.json`);
        const projects = tier.projects.flatMap((project) => ['--project', project]);
        const flags = ['--passWithNoTests', ...(tier.parallel ? ['--fileParallelism'] : [])];
        run(
          'npx',
          ['vitest', 'run', ...projects, ...flags, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...vitestFiles],
          env,
        );
        add(count(file, 'vitest'));
      }
    }
    if ((!only.length || only.includes('e2e')) && existsSync('tests/e2e') && readdirSync('tests/e2e').some((f) => f.endsWith('.spec.ts'))) {
      const file = path.join(reports, 'playwright.json');
      // Named files run alone: without --no-deps, naming an admin spec ran every public spec first
      // (the admin project depends on the public one, for ordering in a full run).
      const narrow = e2eFiles.length ? ['--no-deps', ...e2eFiles.map((f) => path.resolve(f))] : [];
      run('npx', ['playwright', 'test', '--config', 'tests/playwright.config.ts', ...narrow], {
        ...env,
        PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      });
      add(count(file, 'playwright'));
    }
  } catch (error) {
    console.error('[test] setup failed:', error);
    total.failed += 1;
    total.names.push(`setup: ${String(error).split('\n')[0]}`);
  } finally {
    if (server?.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {}
    }
    await database.drop().catch(() => {});
    rmSync(uploadsDir, { recursive: true, force: true });
    rmSync(backupDir, { recursive: true, force: true });
  }
  for (const name of total.names) console.log(`[test] failed: ${name}`);
  // Skipped tests hide unchecked behaviour, so they fail the run too.
  console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  process.exit(total.failed || total.skipped ? 1 : 0);
}

await main();
