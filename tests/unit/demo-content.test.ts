import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import demo from '@/lib/db/demo/content.json';
import { certificationSchema } from '@/lib/entities/certifications/schema';
import { testimonialSchema } from '@/lib/entities/testimonials/schema';

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
  ...demo.certifications.map((c) => c.logo),
];

describe('demo content', () => {
  it('names exactly the committed images', () => {
    expect([...new Set(named)].sort()).toEqual(readdirSync(DIR).sort());
    expect(named).toHaveLength(34);
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

  it("points every testimonial at an existing client, project and services, and takes the registry's rules", () => {
    for (const { client, project, services, ...words } of demo.testimonials) {
      expect(demo.clients[client], words.personEn).toBeDefined();
      expect(demo.events[project], words.personEn).toBeDefined();
      for (const service of services) expect(demo.services[service], words.personEn).toBeDefined();
      expect(testimonialSchema.safeParse({ ...words, clientId: 1 }).success, words.personEn).toBe(true);
    }
    for (const { logo: _, ...certification } of demo.certifications)
      expect(
        certificationSchema.safeParse({ ...certification, expiresOn: certification.expiresOn ?? '' }).success,
        certification.nameEn,
      ).toBe(true);
  });
});
