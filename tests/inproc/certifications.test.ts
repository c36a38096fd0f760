import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invoke, invokeWith, itemCall, sessionCookie } from '../helpers/actions';
import { imageFile, unique, userWithToken } from '../helpers/api';
import { restoreForm } from '../helpers/activity-fixtures';
import { testDb } from '../helpers/db';
import { pdfBytes, pdfFile } from '../helpers/site-settings-fixtures';
import { GET as media } from '@/app/media/[folder]/[name]/route';
import { getCertifications } from '@/lib/content/certifications';
import { dubaiIsoDay } from '@/lib/i18n/dates';
import { sweepOrphans } from '@/lib/uploads/sweeper';

// Issue 37 item 2, certifications and awards, in-process (the file's own database; the back
// office's item actions called as functions, /certimges/ by its route handler, the pages' reader
// called as they call it). Made, changed and deleted through the registry's write path with its
// validation and activity log; the certificate's PDF kept beside the logo (checked, replaced,
// dropped, trashed and restored with its row); shown until its last valid day in the UAE and gone
// the day after. The pages in both languages are tests/integration/proof.test.ts.

const files = (folder: string) => {
  try {
    return readdirSync(path.join(process.env.UPLOADS_DIR!, folder)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
};

async function staff() {
  const { user } = await userWithToken('admin');
  return sessionCookie(user!.email);
}

async function form(values: Record<string, string>, attachments: { logo?: boolean; pdf?: File } = {}) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  if (attachments.logo) data.append('image', await imageFile('seal.png', 'png'));
  if (attachments.pdf) data.append('pdf', attachments.pdf);
  return data;
}

const serve = (name: string) =>
  media(new Request(`http://localhost/certimges/${name}`), { params: Promise.resolve({ folder: 'certimges', name }) });

const VALID = { nameEn: 'ISO 9001:2015', nameAr: 'أيزو 9001', issuerEn: 'Gulf Quality', issuerAr: 'الخليج للجودة' };

afterEach(() => {
  vi.useRealTimers();
});

describe('certifications and awards', () => {
  it('staff add one with its logo and certificate; it shows in both languages; the PDF opens from its folder; the change is logged', async () => {
    const cookie = await staff();
    const name = unique('ISO 9001');
    const saved = await invoke(
      'saveItem',
      itemCall(
        'certifications',
        null,
        await form({ ...VALID, nameEn: name, expiresOn: '2099-12-31' }, { logo: true, pdf: pdfFile(pdfBytes('iso')) }),
      ),
      cookie,
    );
    expect(saved.result).toEqual({ ok: true });
    const row = await testDb.certification.findFirstOrThrow({ where: { nameEn: name } });
    expect(row.pdf).toMatch(/^[A-Za-z0-9_-]+\.pdf$/);
    expect(files('certifications')).toEqual(expect.arrayContaining([row.logo, row.pdf]));

    const pdf = await serve(row.pdf);
    expect([pdf.status, pdf.headers.get('content-type'), pdf.headers.get('content-disposition')]).toEqual([
      200,
      'application/pdf',
      'inline',
    ]);
    expect(Buffer.from(await pdf.arrayBuffer()).equals(pdfBytes('iso'))).toBe(true);
    // A PDF has no cuts; a name that is not an entity's document folder serves no PDF.
    expect(
      (
        await media(new Request(`http://localhost/certimges/${row.pdf}?crop=share`), {
          params: Promise.resolve({ folder: 'certimges', name: row.pdf }),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await media(new Request(`http://localhost/clientimges/${row.pdf}`), {
          params: Promise.resolve({ folder: 'clientimges', name: row.pdf }),
        })
      ).status,
    ).toBe(404);

    const view = { id: row.id, logo: `/certimges/${row.logo}`, pdf: `/certimges/${row.pdf}`, expiresOn: '2099-12-31' };
    expect((await getCertifications('en')).find((c) => c.id === row.id)).toEqual({ ...view, name, issuer: 'Gulf Quality' });
    expect((await getCertifications('ar')).find((c) => c.id === row.id)).toEqual({ ...view, name: 'أيزو 9001', issuer: 'الخليج للجودة' });

    const entry = await testDb.activityLog.findFirstOrThrow({ where: { entity: 'certifications', entityId: row.id } });
    expect(entry.kind).toBe('create');
    expect(entry.changes).toMatchObject({ pdf: { before: null, after: row.pdf }, logo: { before: null, after: row.logo } });
  });

  it('a PDF that would run something opens only as a download', async () => {
    const cookie = await staff();
    const name = unique('Scripted');
    const scripted = pdfBytes('script', '/OpenAction << /S /JavaScript /JS (app.alert(1)) >> ');
    await invoke(
      'saveItem',
      itemCall('certifications', null, await form({ ...VALID, nameEn: name }, { logo: true, pdf: pdfFile(scripted) })),
      cookie,
    );
    const row = await testDb.certification.findFirstOrThrow({ where: { nameEn: name } });
    expect((await serve(row.pdf)).headers.get('content-disposition')).toBe('attachment');
  });

  it('refuses what is no PDF, words with markup and a missing logo, under each field, storing nothing', async () => {
    const cookie = await staff();
    const before = { rows: await testDb.certification.count(), files: files('certifications') };
    const cases: [Record<string, string>, { logo?: boolean; pdf?: File }, Record<string, string[]>][] = [
      [VALID, { logo: true, pdf: pdfFile(Buffer.from('<html><script>alert(1)</script></html>'), 'cert.pdf') }, { pdf: ['pdfInvalid'] }],
      [VALID, { logo: true, pdf: pdfFile(pdfBytes('x').subarray(0, 40), 'cut.pdf') }, { pdf: ['pdfInvalid'] }],
      [{ ...VALID, nameEn: 'Award <img src=x onerror=alert(1)>' }, { logo: true }, { nameEn: ['markupNotAllowed'] }],
      [{ ...VALID, issuerAr: 'javascript:alert(1)' }, { logo: true }, { issuerAr: ['unsafeLink'] }],
      [{ ...VALID, expiresOn: '2026-02-30' }, { logo: true }, { expiresOn: ['invalidDate'] }],
      [VALID, {}, { image: ['imageRequired'] }],
      [{}, { logo: true }, { nameEn: ['required'], nameAr: ['required'], issuerEn: ['required'] }],
    ];
    for (const [values, attachments, fieldErrors] of cases) {
      const refused = await invoke('saveItem', itemCall('certifications', null, await form(values, attachments)), cookie);
      expect(refused.result, JSON.stringify(fieldErrors)).toEqual({ ok: false, error: 'invalid', fieldErrors });
    }
    expect({ rows: await testDb.certification.count(), files: files('certifications') }).toEqual(before);
  });

  it('a new PDF replaces the old one (the old file goes); "Remove the PDF" drops it; both logged', async () => {
    const cookie = await staff();
    const name = unique('Safety');
    await invoke(
      'saveItem',
      itemCall('certifications', null, await form({ ...VALID, nameEn: name }, { logo: true, pdf: pdfFile(pdfBytes('one')) })),
      cookie,
    );
    const first = await testDb.certification.findFirstOrThrow({ where: { nameEn: name } });
    const replaced = await invoke(
      'saveItem',
      itemCall('certifications', first.id, await form({}, { pdf: pdfFile(pdfBytes('two')) })),
      cookie,
    );
    expect(replaced.result).toEqual({ ok: true });
    const second = await testDb.certification.findUniqueOrThrow({ where: { id: first.id } });
    expect(second.pdf).not.toBe(first.pdf);
    expect(files('certifications')).toContain(second.pdf);
    expect(files('certifications')).not.toContain(first.pdf);
    expect(second.logo).toBe(first.logo);

    const dropped = await invoke('saveItem', itemCall('certifications', first.id, await form({ pdfRemove: '1' })), cookie);
    expect(dropped.result).toEqual({ ok: true });
    expect((await testDb.certification.findUniqueOrThrow({ where: { id: first.id } })).pdf).toBe('');
    expect(files('certifications')).not.toContain(second.pdf);
    const updates = await testDb.activityLog.findMany({
      where: { entity: 'certifications', entityId: first.id, kind: 'update' },
      orderBy: { id: 'asc' },
    });
    expect(updates.map((entry) => entry.changes)).toEqual([
      { pdf: { before: first.pdf, after: second.pdf } },
      { pdf: { before: second.pdf, after: '' } },
    ]);
  });

  it('a deleted one takes its logo and PDF to the trash (kept by the sweeper), and a restore brings all back', async () => {
    const cookie = await staff();
    const name = unique('Award');
    await invoke(
      'saveItem',
      itemCall('certifications', null, await form({ ...VALID, nameEn: name }, { logo: true, pdf: pdfFile(pdfBytes('award')) })),
      cookie,
    );
    const row = await testDb.certification.findFirstOrThrow({ where: { nameEn: name } });
    // The sweeper keeps a held PDF: it is referenced.
    const swept = await sweepOrphans(0);
    expect(swept.swept && swept.removed.filter((file) => file.includes(row.pdf))).toEqual([]);
    expect(files('certifications')).toContain(row.pdf);

    expect((await invoke('deleteItem', itemCall('certifications', row.id), cookie)).result).toEqual({ ok: true });
    expect(files('trash-certifications')).toEqual(expect.arrayContaining([row.logo, row.pdf]));
    expect((await serve(row.pdf)).status).toBe(404);
    await sweepOrphans(0);
    expect(files('trash-certifications')).toEqual(expect.arrayContaining([row.logo, row.pdf]));

    const deleted = await testDb.activityLog.findFirstOrThrow({ where: { entity: 'certifications', entityId: row.id, kind: 'delete' } });
    expect((await invokeWith('restoreEntry', [restoreForm(deleted.id, 'en')], { cookie })).status).toBe(303);
    expect(await testDb.certification.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ pdf: row.pdf, logo: row.logo });
    expect((await serve(row.pdf)).status).toBe(200);
  });

  it('shows through its last valid day in the UAE and hides itself the day after', async () => {
    const lastDay = '2031-03-15';
    const row = await testDb.certification.create({
      data: {
        nameEn: unique('Expiring'),
        nameAr: 'تنتهي',
        issuerEn: 'Issuer',
        logo: 'seal.png',
        expiresOn: new Date(`${lastDay}T00:00:00Z`),
      },
    });
    const shown = async () => (await getCertifications('en')).some((c) => c.id === row.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    // 23:59 in Dubai on the last day (19:59 UTC): still shown.
    vi.setSystemTime(new Date('2031-03-15T19:59:00Z'));
    expect(dubaiIsoDay(new Date())).toBe(lastDay);
    expect(await shown()).toBe(true);
    // 00:01 in Dubai the next day (20:01 UTC the same UTC day): gone.
    vi.setSystemTime(new Date('2031-03-15T20:01:00Z'));
    expect(await shown()).toBe(false);
    // One without an end date stays.
    await testDb.certification.update({ where: { id: row.id }, data: { expiresOn: null } });
    expect(await shown()).toBe(true);
  });
});
