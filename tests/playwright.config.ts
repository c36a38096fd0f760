import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';

// End-to-end tests in Debian's Chromium. `npm test` (scripts/test.ts) starts the production
// server and passes TEST_BASE_URL, DATABASE_URL and PLAYWRIGHT_JSON_OUTPUT_NAME.
// The back-office spec changes shared state (roles, the contact count), so it runs after the
// public specs, on its own, in order.
const baseURL = process.env.TEST_BASE_URL ?? 'http://127.0.0.1:3100';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // admin-settings.spec.ts changes the site's brand (titles, logo): never beside the public specs.
    // admin-projects.spec.ts puts a featured project first on Home for a while: the same.
    // admin-activity.spec.ts is the back office's too (it signs in and approves an account).
    // admin-conflict.spec.ts signs in twice and edits a team member.
    // admin-offices.spec.ts adds a second office for a while (the office specs expect one);
    // admin-friction.spec.ts a team member without a photo.
    // admin-backups.spec.ts makes real backups (pg_dump and a verifying restore: CPU the timed
    // public specs need).
    // page-seo.spec.ts sets fixed pages' descriptions for a while (public-pages.spec.ts reads them).
    // proof.spec.ts adds a testimonial to Home for a while.
    // leads.spec.ts, consent.spec.ts and admin-reading-order.spec.ts add unread inquiries: never beside quote-requests.spec.ts,
    // which counts them.
    {
      name: 'public',
      testIgnore: [
        '**/admin.spec.ts',
        '**/admin-settings.spec.ts',
        '**/admin-projects.spec.ts',
        '**/admin-activity.spec.ts',
        '**/admin-conflict.spec.ts',
        '**/admin-offices.spec.ts',
        '**/admin-friction.spec.ts',
        '**/admin-backups.spec.ts',
        '**/phone-shell.spec.ts',
        '**/leads.spec.ts',
        '**/consent.spec.ts',
        '**/admin-reading-order.spec.ts',
        '**/page-seo.spec.ts',
        '**/proof.spec.ts',
      ],
    },
    {
      name: 'admin',
      testMatch: [
        '**/admin.spec.ts',
        '**/admin-settings.spec.ts',
        '**/admin-projects.spec.ts',
        '**/admin-activity.spec.ts',
        '**/admin-conflict.spec.ts',
        '**/admin-offices.spec.ts',
        '**/admin-friction.spec.ts',
        '**/admin-backups.spec.ts',
        '**/leads.spec.ts',
        '**/consent.spec.ts',
        '**/admin-reading-order.spec.ts',
        '**/page-seo.spec.ts',
        '**/proof.spec.ts',
      ],
      dependencies: ['public'],
      fullyParallel: false,
    },
    {
      // phone-shell.spec.ts reorders the home page's slides and adds list rows for a while, and
      // compares the slides' order: alone, after the others (beside admin.spec.ts, whose slider
      // test adds and deletes a slide, a drag once moved that slide instead of a seeded one).
      name: 'shell',
      testMatch: ['**/phone-shell.spec.ts'],
      dependencies: ['admin'],
      fullyParallel: false,
    },
  ],
});
