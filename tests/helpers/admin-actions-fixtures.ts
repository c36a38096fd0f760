// The admin actions tests' form filler, backup run and download link reader, used by both tiers (tests/inproc and tests/integration admin-actions.test.ts).
import { testDb } from './db';

/** The Backups screen, the page its actions are posted through. */
export const BACKUPS = '/Admin/Backups';

/** `form` with `fields` appended. */
export const withFields = (form: FormData, fields: Record<string, string>) => {
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

/** The single-use link the action answered with. */
export const linkOf = (answer: { result: unknown }) => (answer.result as { url?: string } | null)?.url ?? '';

/** A file name for a test's archive, its own to this process and moment. */
export const archiveName = () => `test-download-${process.pid}-${Date.now()}.tar`;

/** A finished backup run (as the CLI records one) of the archive `file`, `size` bytes; its id. */
export async function finishedRun(file: string, size: number) {
  const finishedAt = new Date();
  const run = await testDb.backupRun.create({
    data: { trigger: 'cli', status: 'ok', file, size: BigInt(size), rows: 1, files: 0, startedAt: finishedAt, finishedAt },
  });
  return run.id;
}
