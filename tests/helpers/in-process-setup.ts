import { afterAll } from 'vitest';
import { BASE } from './base';
import { inProcessSite } from './in-process';

// Before each in-process test file (vitest.config.ts): the file's own database and uploads, and
// the settings the HTTP tier's server gets from scripts/test.ts, so both tiers run the same rules.
process.env.AUTH_SECRET ??= 'in-process-tier-secret-0123456789abcdef';
process.env.SITE_URL = BASE;
process.env.TRUST_PROXY_HOPS = '1';
process.env.BACKUP_CRON = 'off';
const site = await inProcessSite();
afterAll(() => site.stop(), 60_000);
