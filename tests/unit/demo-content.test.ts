import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import demo from '@/lib/db/demo/content.json';

// The seed is data: every image the demo content names is a committed, decodable file, and no
// committed file is left unnamed (scripts/make-demo-images.ts draws them).
const DIR = path.resolve('lib/db/demo/images');
const named = [
  ...demo.slides.map((s) => s.image),
  ...demo.clients.map((c) => c.logo),
  ...demo.events.map((e) => e.image),
  ...demo.services.map((s) => s.image),
  ...demo.team.map((t) => t.image),
  demo.contact.logo,
];

describe('demo content', () => {
  it('names exactly the committed images', () => {
    expect([...new Set(named)].sort()).toEqual(readdirSync(DIR).sort());
    expect(named).toHaveLength(31);
  });

  it('has decodable images of the expected formats', async () => {
    for (const file of named) {
      const meta = await sharp(path.join(DIR, file)).metadata();
      expect(meta.format, file).toBe(file.endsWith('.png') ? 'png' : 'jpeg');
    }
  });

  it('points every event at an existing client', () => {
    for (const event of demo.events) expect(demo.clients[event.client], event.nameEn).toBeDefined();
  });
});
