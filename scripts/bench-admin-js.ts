// `npm run bench:admin-js`: the JavaScript the back office makes a browser download, screen by
// screen, as a signed-in Admin meets it (issue 36: measured before and after the descriptors were
// split into a browser half and a server half). Prints one line per screen and the union.
//
// Environment (a running production server, an Admin account on it):
//   BENCH_BASE      the server (default http://127.0.0.1:3300)
//   BENCH_EMAIL     the Admin's email
//   BENCH_PASSWORD  the Admin's password
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';

const BASE = process.env.BENCH_BASE ?? 'http://127.0.0.1:3300';
const EMAIL = process.env.BENCH_EMAIL ?? '';
const PASSWORD = process.env.BENCH_PASSWORD ?? '';
const SCREENS = [
  '/Admin',
  '/Admin/Teams',
  '/Admin/CreateTeam',
  '/Admin/Events',
  '/Admin/CreateEvent',
  '/Admin/Inquiries',
  '/Admin/Users',
  '/Admin/Settings',
  '/Admin/Account',
];

async function main() {
  if (!EMAIL || !PASSWORD) throw new Error('BENCH_EMAIL and BENCH_PASSWORD name an Admin of the server');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${BASE}/LogIn`);
    await page.getByLabel(/email/i).fill(EMAIL);
    await page
      .getByLabel(/password/i)
      .first()
      .fill(PASSWORD);
    await page.getByRole('button', { name: /log in|sign in/i }).click();
    await page.waitForURL(/\/Admin/, { timeout: 30_000 });
    const seen = new Map<string, Buffer>();
    for (const screen of SCREENS) {
      // A fresh load of each screen: what a tab opened on it downloads (no client-side navigation).
      const scripts: string[] = [];
      const listener = (response: Response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.url());
      };
      page.on('response', listener);
      await page.goto(`${BASE}${screen}`, { waitUntil: 'networkidle' });
      page.off('response', listener);
      let raw = 0;
      let gzip = 0;
      for (const url of scripts) {
        const body = seen.get(url) ?? Buffer.from(await (await fetch(url)).arrayBuffer());
        seen.set(url, body);
        raw += body.length;
        gzip += gzipSync(body).length;
      }
      console.log(`${screen.padEnd(20)} ${String(scripts.length).padStart(3)} scripts ${kb(raw)} raw ${kb(gzip)} gzip`);
    }
    const all = [...seen.values()];
    const raw = all.reduce((sum, body) => sum + body.length, 0);
    const gzip = all.reduce((sum, body) => sum + gzipSync(body).length, 0);
    console.log(`${'all screens'.padEnd(20)} ${String(all.length).padStart(3)} scripts ${kb(raw)} raw ${kb(gzip)} gzip`);
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;

await main();
