import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearRecorded, recorded } from '../helpers/next-cache-recorder';

// The in-process tier (tests/helpers/in-process.ts): the entity write path and the public reader
// built on it, called as functions on the file's own embedded database, no build, no server.
// Exact values throughout: the row read back, the activity log's entries, the tags expired.
beforeEach(clearRecorded);

const who = { actor: null, address: '127.0.0.9' };
const photo = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c87828' } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    'led.jpg',
    {
      type: 'image/jpeg',
    },
  );

describe('the entity write path, in-process', () => {
  it('creates, updates and deletes a service: the row, its log entries and the expired tag, exactly', async () => {
    const crud = await import('@/lib/entities/crud');
    const { services } = await import('@/lib/entities/services');
    const { db } = await import('@/lib/db/client');
    const { versionOf } = await import('@/lib/entities/version');

    const made = await crud.create(
      services,
      { titleEn: '  LED walls ', titleAr: 'شاشات LED', descriptionEn: 'Indoor and outdoor.', descriptionAr: 'داخلية وخارجية.' },
      await photo(),
      who,
    );
    // The image re-encoded into this file's own uploads folder.
    expect(made.image).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]+\.jpg$/);
    expect(existsSync(path.join(process.env.UPLOADS_DIR!, 'services', made.image!))).toBe(true);
    // Trimmed as the schema says; the seed's six come first.
    expect(made).toMatchObject({ titleEn: 'LED walls', titleAr: 'شاشات LED', descriptionEn: 'Indoor and outdoor.' });
    expect(recorded.expired).toEqual(['services']);
    expect(await db.service.count()).toBe(7);
    const created = await db.activityLog.findFirstOrThrow({ where: { kind: 'create', entity: 'services', entityId: made.id } });
    expect([created.actorId, created.address]).toEqual([null, '127.0.0.9']);

    // A save read at the current version goes through and logs only what changed.
    clearRecorded();
    const readAt = versionOf(made) ?? undefined;
    expect(readAt).toBe(made.updatedAt.toISOString());
    const updated = await crud.update(services, made.id, { titleEn: 'LED screens' }, null, who, readAt);
    expect([updated.titleEn, updated.titleAr]).toEqual(['LED screens', 'شاشات LED']);
    expect(recorded.expired).toEqual(['services']);
    const update = await db.activityLog.findFirstOrThrow({ where: { kind: 'update', entity: 'services', entityId: made.id } });
    expect(update.changes).toEqual({ titleEn: { before: 'LED walls', after: 'LED screens' } });

    // A second save read at the old version is refused (409 staleVersion), and changes nothing.
    await expect(crud.update(services, made.id, { titleEn: 'Lost' }, null, who, readAt)).rejects.toMatchObject({
      status: 409,
      code: 'staleVersion',
    });
    expect((await db.service.findUniqueOrThrow({ where: { id: made.id } })).titleEn).toBe('LED screens');

    // Bad input: the field's own code, nothing written.
    await expect(
      crud.create(services, { titleEn: ' ', titleAr: 'x', descriptionEn: 'x', descriptionAr: 'x' }, await photo(), who),
    ).rejects.toMatchObject({
      status: 422,
      fieldErrors: { titleEn: ['required'] },
    });
    expect(await db.service.count()).toBe(7);

    // Deleted: gone, with a restorable snapshot in its log entry.
    await crud.remove(services, made.id, who);
    expect(await db.service.findUnique({ where: { id: made.id } })).toBeNull();
    const gone = await db.activityLog.findFirstOrThrow({ where: { kind: 'delete', entity: 'services', entityId: made.id } });
    expect(gone.snapshot).toMatchObject({ id: made.id, titleEn: 'LED screens', titleAr: 'شاشات LED', image: made.image });
    // Its file waits in the trash, no longer served, while it can be restored.
    expect([
      existsSync(path.join(process.env.UPLOADS_DIR!, 'services', made.image!)),
      existsSync(path.join(process.env.UPLOADS_DIR!, 'trash-services', made.image!)),
    ]).toEqual([false, true]);
  });

  it("the public reader gives each language's view, tagged with what it read", async () => {
    const { getServices } = await import('@/lib/content/public');
    const content = (await import('@/lib/db/demo/content.json')).default;
    const english = await getServices('en');
    const arabic = await getServices('ar');
    expect(english.map((s) => s.title)).toEqual(content.services.map((s) => s.titleEn));
    expect(arabic.map((s) => s.title)).toEqual(content.services.map((s) => s.titleAr));
    expect(recorded.tagged).toEqual(['services', 'services']);
  });
});
