import path from 'node:path';
import { defineConfig } from 'vitest/config';

const here = (file: string) => path.resolve(import.meta.dirname, file);

export default defineConfig({
  resolve: {
    alias: {
      '@': here('.'),
      // Tests import server modules directly; outside Next this marker package would throw.
      'server-only': here('tests/helpers/empty.ts'),
    },
  },
  test: {
    environment: 'node',
    // One server and one database for the HTTP tier: files run one after another so role and
    // rate-limit scenarios (e.g. "the last Admin") do not interfere. The in-process tier's files
    // each have a database of their own and run side by side (`--fileParallelism`: package.json's
    // test:inproc, scripts/test.ts), a choice Vitest takes for the whole run, not per project.
    fileParallelism: false,
    // When files run side by side, one per core (Vitest's default leaves one core idle).
    maxWorkers: '100%',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // next-intl's client navigation imports `next/navigation`, which Node's ESM resolver cannot
    // find (next has no exports map); bundled by Vite, it resolves.
    server: { deps: { inline: ['next-intl'] } },
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        // The in-process tier (docs/testing.md): Next's request-bound functions by their doubles,
        // and the test helpers' calls answered by the actions and route handlers themselves.
        resolve: {
          alias: [
            { find: /^#test-transport$/, replacement: here('tests/helpers/transport-in-process.ts') },
            { find: /^next\/headers$/, replacement: here('tests/helpers/next-request-double.ts') },
            { find: /^next\/navigation$/, replacement: here('tests/helpers/next-navigation-double.ts') },
            { find: /^next\/server$/, replacement: here('tests/helpers/next-server-double.ts') },
            { find: /^next\/cache$/, replacement: here('tests/helpers/next-cache-recorder.ts') },
            // next-intl's server half, as Next's server resolves it (its `react-server` export);
            // the rest of the code keeps the default conditions, as Next's own server-side
            // rendering does.
            { find: /^next-intl\/server$/, replacement: here('node_modules/next-intl/dist/esm/production/server.react-server.js') },
            // What next-intl's plugin points it at in next.config.ts.
            { find: /^next-intl\/config$/, replacement: here('lib/i18n/request.ts') },
          ],
        },
        test: {
          name: 'inproc',
          include: ['tests/inproc/**/*.test.ts'],
          setupFiles: ['tests/helpers/in-process-setup.ts'],
          // Auth.js reads the request through next/headers: bundled, it reads the double.
          server: { deps: { inline: ['next-intl', 'next-auth'] } },
        },
      },
      {
        extends: true,
        resolve: { alias: [{ find: /^#test-transport$/, replacement: here('tests/helpers/transport-http.ts') }] },
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'] },
      },
    ],
  },
});
