import path from 'node:path';
import { defineConfig } from 'prisma/config';

// The CLI is only a development tool here (generate, migrate dev/diff). The product applies
// committed migrations with its own runner (lib/db/migrate.ts) and never needs the CLI engine.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve('../shared/tools/prisma-offline-engine/schema-engine.mjs');

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: {
    url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
    shadowDatabaseUrl: process.env.SHADOW_DATABASE_URL,
  },
});
