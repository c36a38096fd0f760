// `npm run bench:backup`: issue 33's figures (docs/measurements.md, "Backups"). A site of 1,000
// projects with BENCH_BACKUP_MB (2,048) of uploads on the local PostgreSQL; then, in one run,
// `npm run backup -- --no-verify` against `pg_dump -Fc` + `tar cf` by hand, and
// `npm run restore` against `createdb` + `pg_restore` + `tar xf` by hand, each timed with its peak
// RSS (GNU time). A benchmark, not a test: it prints the figures and their ratios.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '@/lib/db/migrate';

const ADMIN = process.env.PG_ADMIN_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const MB = Number(process.env.BENCH_BACKUP_MB || 2048);
const FILES = 1000;
const url = (db: string) => Object.assign(new URL(ADMIN), { pathname: `/${db}` }).toString();
const sql = async (text: string) => {
  const client = new pg.Client({ connectionString: ADMIN });
  await client.connect();
  await client.query(text);
  await client.end();
};

interface Timed {
  seconds: number;
  rssMb: number;
}

/** Runs a command under GNU time: wall seconds and the largest resident set of it or a child. */
function timed(command: string[], env: NodeJS.ProcessEnv): Timed {
  const result = spawnSync('/usr/bin/time', ['-f', '%e %M', ...command], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  const [seconds, kb] = result.stderr.trim().split('\n').at(-1)!.split(' ').map(Number) as [number, number];
  return { seconds, rssMb: Math.round(kb / 1024) };
}

async function main() {
  const stamp = Date.now();
  const src = `bench_backup_src_${stamp}`;
  const dst = `bench_backup_dst_${stamp}`;
  const hand = `bench_backup_hand_${stamp}`;
  const work = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-bench-backup-'));
  const uploads = path.join(work, 'uploads');
  try {
    await sql(`CREATE DATABASE "${src}"`);
    await migrate(url(src), path.resolve('prisma/migrations'));
    execFileSync('npx', ['tsx', '--conditions=react-server', 'tests/helpers/seed-cli.ts'], {
      env: { ...process.env, DATABASE_URL: url(src), UPLOADS_DIR: uploads },
      stdio: 'inherit',
    });
    execFileSync('npx', ['tsx', '--conditions=react-server', 'scripts/generate-projects.ts', '--count', '992', '--gallery', '20'], {
      env: { ...process.env, DATABASE_URL: url(src), UPLOADS_DIR: uploads },
      stdio: 'inherit',
    });
    // The photos' weight: FILES incompressible files (as JPEGs are) of MB/FILES each.
    mkdirSync(path.join(uploads, 'events'), { recursive: true });
    const each = Math.floor((MB * 2 ** 20) / FILES);
    for (let i = 0; i < FILES; i++)
      writeFileSync(path.join(uploads, 'events', `bench-${String(i).padStart(4, '0')}.jpg`), randomBytes(each));
    execFileSync('sync');
    const env = {
      ...process.env,
      DATABASE_URL: url(src),
      UPLOADS_DIR: uploads,
      BACKUP_DIR: path.join(work, 'backups'),
      AUTH_SECRET: 'bench',
    };

    const ours = timed(['npm', 'run', '-s', 'backup', '--', '--no-verify'], env);
    const archive = execFileSync('sh', ['-c', `ls ${path.join(work, 'backups')}/*.tar`], { encoding: 'utf8' }).trim();
    const byHand = timed(
      ['sh', '-c', `pg_dump -Fc -f ${work}/hand.dump '${url(src)}' && tar cf ${work}/hand.tar -C ${work} hand.dump uploads`],
      env,
    );

    // Like for like: the same by hand plus what the manifest holds, every file's SHA-256.
    const byHandSums = timed(
      [
        'sh',
        '-c',
        `pg_dump -Fc -f ${work}/hand2.dump '${url(src)}' && (cd ${work} && find uploads -type f -exec sha256sum {} + > sums.txt) && tar cf ${work}/hand2.tar -C ${work} hand2.dump sums.txt uploads`,
      ],
      env,
    );
    await sql(`CREATE DATABASE "${dst}"`);
    const restoreEnv = { ...env, DATABASE_URL: url(dst), UPLOADS_DIR: path.join(work, 'restored') };
    const ourRestore = timed(['npm', 'run', '-s', 'restore', '--', archive], restoreEnv);
    mkdirSync(path.join(work, 'hand-restored'));
    const handRestore = timed(
      [
        'sh',
        '-c',
        `createdb -d '${ADMIN}' ${hand} 2>/dev/null || psql '${ADMIN}' -qc 'CREATE DATABASE "${hand}"'; tar xf ${work}/hand.tar -C ${work}/hand-restored && pg_restore --no-owner -d '${url(hand)}' ${work}/hand-restored/hand.dump`,
      ],
      env,
    );
    const handSumsRestore = timed(
      [
        'sh',
        '-c',
        `mkdir -p ${work}/hand-restored2 && tar xf ${work}/hand2.tar -C ${work}/hand-restored2 && (cd ${work}/hand-restored2 && sha256sum --quiet -c sums.txt) && psql '${ADMIN}' -qc 'CREATE DATABASE "${hand}_2"' && pg_restore --no-owner -d '${url(`${hand}_2`)}' ${work}/hand-restored2/hand2.dump`,
      ],
      env,
    );
    const verify = timed(['npm', 'run', '-s', 'backup'], { ...env, BACKUP_DIR: path.join(work, 'backups-verified') });
    const ratio = (a: Timed, b: Timed) => (a.seconds / b.seconds).toFixed(2);
    console.log(`\nuploads: ${FILES} files, ${MB} MB; projects: 1,000`);
    console.log(`backup  (npm run backup --no-verify): ${ours.seconds} s, peak RSS ${ours.rssMb} MB`);
    console.log(`backup  (pg_dump -Fc + tar cf):       ${byHand.seconds} s, peak RSS ${byHand.rssMb} MB  -> ratio ${ratio(ours, byHand)}`);
    console.log(
      `backup  (pg_dump + sha256sum + tar):  ${byHandSums.seconds} s, peak RSS ${byHandSums.rssMb} MB  -> ratio ${ratio(ours, byHandSums)}`,
    );
    console.log(`restore (npm run restore):            ${ourRestore.seconds} s, peak RSS ${ourRestore.rssMb} MB`);
    console.log(
      `restore (tar xf + pg_restore):        ${handRestore.seconds} s, peak RSS ${handRestore.rssMb} MB  -> ratio ${ratio(ourRestore, handRestore)}`,
    );
    console.log(
      `restore (tar xf + sha256sum -c + pg_restore): ${handSumsRestore.seconds} s, peak RSS ${handSumsRestore.rssMb} MB  -> ratio ${ratio(ourRestore, handSumsRestore)}`,
    );
    console.log(`backup with its verification (npm run backup): ${verify.seconds} s, peak RSS ${verify.rssMb} MB`);
  } finally {
    for (const db of [src, dst, hand, `${hand}_2`]) await sql(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`).catch(() => {});
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
