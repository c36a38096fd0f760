import { z } from 'zod';

// What an archive says of itself (manifest.json, its last entry but one; manifest.sha256, the
// last, is the manifest's own checksum). Restore checks every entry against it before touching
// anything, and every table's row count and every file's checksum against it after.

export const ARCHIVE_FORMAT = 'sevenstars-backup';
export const ARCHIVE_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const MANIFEST_SUM_ENTRY = 'manifest.sha256';
export const UPLOADS_PREFIX = 'uploads/';
/** The database entry: pg_dump's custom format (PostgreSQL) or plain SQL (the embedded database's pg_dump). */
export const DUMP_ENTRIES = { custom: 'database.pgdump', sql: 'database.sql' } as const;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const count = z.number().int().nonnegative();

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  createdAt: z.iso.datetime(),
  product: z.object({ name: z.string(), version: z.string(), commit: z.string() }),
  database: z.object({
    kind: z.enum(['postgresql', 'embedded']),
    serverVersion: z.string(),
    dumpTool: z.string(),
    /** The major version of the pg_dump that wrote it: pg_restore must be at least as new. */
    dumpMajor: z.number().int().positive(),
    format: z.enum(['custom', 'sql']),
    entry: z.enum([DUMP_ENTRIES.custom, DUMP_ENTRIES.sql]),
    size: count,
    sha256,
    /** Every table of the schema and its rows, counted in the dump's own snapshot. */
    tables: z.record(z.string(), count),
    rows: count,
    /** The migrations applied (by name, in order); the last one is the schema's version. */
    migrations: z.array(z.string()),
    lastMigration: z.string().nullable(),
  }),
  uploads: z.object({
    store: z.enum(['local', 's3']),
    count,
    bytes: count,
    files: z.array(z.object({ path: z.string().startsWith(UPLOADS_PREFIX), size: count, sha256 })),
  }),
  secrets: z.object({
    /** An HMAC of a fixed text under AUTH_SECRET: tells a restore whether its AUTH_SECRET is the same, and reveals nothing. */
    authSecretCheck: z.string().nullable(),
    /** Accounts whose two-factor secret (encrypted under AUTH_SECRET) the archive holds. */
    twoFactorAccounts: count,
  }),
});

export type Manifest = z.infer<typeof manifestSchema>;
