import { expect } from 'vitest';
import { call, imageFile } from './api';
import { serviceFields } from './activity-fixtures';

// Service pages (issue 37), shared by both tiers' halves.

/** A service made by the old client's /api/service, `title` its English title; its JSON answer. */
export async function apiService(token: string, title: string) {
  const res = await call('/api/service', { token, form: { ...serviceFields(title), img_ser: await imageFile('stage.jpg') } });
  expect(res.status).toBe(201);
  return res.data as Record<string, unknown>;
}

/** The back office's service form: every field of the row, then `extra` over them. */
export function serviceForm(
  row: { titleEn: string; titleAr: string; descriptionEn: string; descriptionAr: string; slug: string },
  extra: Record<string, string>,
) {
  const form = new FormData();
  const fields = {
    titleEn: row.titleEn,
    titleAr: row.titleAr,
    descriptionEn: row.descriptionEn,
    descriptionAr: row.descriptionAr,
    slug: row.slug,
    ...extra,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The JSON-LD blocks of a page, parsed. */
export const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
