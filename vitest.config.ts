import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // Tests import server modules directly; outside Next this marker package would throw.
      'server-only': path.resolve(import.meta.dirname, 'tests/helpers/empty.ts'),
    },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/inproc/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    // One server and one database: files run one after another so role and rate-limit
    // scenarios (e.g. "the last Admin") do not interfere.
    fileParallelism: false,
    testTimeout: 30_000,
    // next-intl's client navigation imports `next/navigation`, which Node's ESM resolver cannot
    // find (next has no exports map); bundled by Vite, it resolves.
    server: { deps: { inline: ['next-intl'] } },
    hookTimeout: 60_000,
  },
});
