import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { inspectArchive } from '@/lib/backups/verify';
import type { Manifest } from '@/lib/backups/manifest';
import { call, noiseImage } from './api';
import { PASSWORD, unique } from './db';

// What the backup tests share: a site filled as the issue says (the demo content, 50 projects
// with their own images through the old API, quote requests with notes, activity from those
// writes, a mail left unsent), the two commands run as an operator runs them, and readers of an
// archive's manifest and of an uploads folder's checksums.

export const prismaOn = (url: string) => new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 1 }) });

export async function adminIn(db: PrismaClient, email = `${unique('backup-admin')}@example.test`) {
  return db.user.create({ data: { name: 'Backup Admin', email, passwordHash: await hash(PASSWORD), isAdmin: true, isMiniAdmin: true } });
}

export interface Filled {
  projects: { id: number; slug: string; image: string }[];
  inquiries: number;
  notes: number;
}

/** 50 projects with an image each (through /api, so each write is logged), 20 quote requests with notes, one unsent mail. */
export async function fillSite(db: PrismaClient, base: string, token: string, count = 50): Promise<Filled> {
  const client = await db.client.findFirstOrThrow({ orderBy: { id: 'asc' } });
  const projects: Filled['projects'] = [];
  for (let i = 0; i < count; i++) {
    const created = await call('/api/event', {
      base,
      token,
      form: {
        name: `Backup project ${i} ${unique('p')}`,
        event_cost: String(1000 + i),
        location: 'Dubai',
        locationar: 'دبي',
        client_id: String(client.id),
        event_img: await noiseImage(`project-${i}.png`, 6_000 + i * 97),
      },
    });
    if (created.status !== 201) throw new Error(`project ${i}: ${created.status} ${JSON.stringify(created.data)}`);
    const row = await db.event.findUniqueOrThrow({ where: { id: created.data.id }, select: { id: true, slug: true, image: true } });
    projects.push({ id: row.id, slug: row.slug, image: row.image! });
  }
  let notes = 0;
  for (let i = 0; i < 20; i++) {
    const texts = Array.from({ length: (i % 3) + 1 }, (_, n) => `Called back, note ${n + 1} of lead ${i}`);
    notes += texts.length;
    await db.inquiry.create({
      data: {
        name: `Lead ${i}`,
        phone: `+971 50 ${String(1000000 + i)}`,
        email: `lead${i}@example.test`,
        eventType: 'corporate',
        city: 'dubai',
        message: `A gala for ${100 + i} guests`,
        notes: { create: texts.map((text) => ({ authorName: 'Backup Admin', text })) },
      },
    });
  }
  await db.mailOutbox.create({
    data: { dedupeKey: unique('unsent'), kind: 'test', to: ['someone@example.test'], subject: 'Held unsent', text: 'x', html: '<p>x</p>' },
  });
  return { projects, inquiries: 20, notes };
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
  /** The last line of stdout: the archive's path for a backup. */
  last: string;
}

/** `npm run backup` / `npm run restore -- …` / `npm run demo:remove` as an operator runs them, with `env` over the test's environment. */
export function runCommand(
  script: 'backup' | 'restore' | 'demo:remove',
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 240_000,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const full: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
    for (const [key, value] of Object.entries(env)) {
      if (value === undefined) delete full[key];
      else full[key] = value;
    }
    const child = spawn('npm', ['run', '-s', script, ...(args.length ? ['--', ...args] : [])], {
      env: full,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`npm run ${script} did not end in ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const lines = stdout.trim().split('\n');
      resolve({ code: code ?? 1, stdout, stderr, last: lines.at(-1) ?? '' });
    });
  });
}

export async function manifestOf(file: string, ageKey = ''): Promise<Manifest> {
  return (await inspectArchive(file, ageKey)).manifest;
}

/** Every file under an uploads folder, as `uploads/<folder>/<name>` → sha256. */
export function folderSums(dir: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const folder of readdirSync(dir)) {
    const full = path.join(dir, folder);
    if (!statSync(full).isDirectory()) continue;
    for (const name of readdirSync(full)) {
      sums.set(
        `uploads/${folder}/${name}`,
        createHash('sha256')
          .update(readFileSync(path.join(full, name)))
          .digest('hex'),
      );
    }
  }
  return sums;
}

export const manifestSums = (manifest: Manifest) => new Map(manifest.uploads.files.map((f) => [f.path, f.sha256]));

/** What a folder holds, to show that a refused restore changed nothing. */
export function listing(dir: string): string[] {
  try {
    return [...folderSums(dir).keys()].sort();
  } catch {
    return [];
  }
}
