import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { AREAS, MENU, resolveAdminRoute } from '@/lib/admin/areas';
import { fieldNames, imageUrl, rowToInput, type Row } from '@/lib/entities/define';
import { ENTITIES, IMAGE_URL_FOLDERS, LEGACY_ENTITIES, entityByKey } from '@/lib/entities/registry';
import { events } from '@/lib/entities/events';
import { NOT_IN_OLD_API, fromLegacy, legacyContact } from '@/lib/legacy/serializer';

// The registry is the one list every layer derives from; these are the facts the layers rely on.

describe('entity registry', () => {
  it('lists the six content entities once each, in the menu order of the spec', () => {
    expect(ENTITIES.map((e) => e.key)).toEqual(['slides', 'team', 'services', 'contacts', 'events', 'clients']);
    expect(MENU.map((a) => a.list)).toEqual(['Slider', 'Teams', 'Services', 'Contacts', 'Events', 'Clients']);
  });

  for (const entity of ENTITIES) {
    describe(entity.key, () => {
      it('has a form field for every schema field and none other', () => {
        expect(entity.admin.fields.map((f) => f.name).sort()).toEqual(fieldNames(entity).sort());
      });
      it('has an old field name (or "not in the old API") for every schema field, and its image', () => {
        const old = entity.legacy?.format.fields ?? {};
        for (const name of fieldNames(entity)) {
          expect(Object.hasOwn(old, name), `${entity.key}.${name}`).toBe(true);
          if (old[name] !== NOT_IN_OLD_API) expect(old[name], `${entity.key}.${name}`).toBeTruthy();
        }
        if (entity.image) expect(old.image).toBe(entity.legacy?.format.filePart);
      });
      it('has words for its area and menu item in both languages', () => {
        for (const messages of [en, ar]) {
          const areas = messages.admin.areas as Record<string, { title: string; fields: Record<string, string> }>;
          expect(areas[entity.key]?.title, entity.key).toBeTruthy();
          for (const field of AREAS[entity.key].fields)
            expect(areas[entity.key]?.fields[field.name], `${entity.key}.${field.name}`).toBeTruthy();
          expect((messages.admin.menu as Record<string, string>)[entity.key]).toBeTruthy();
          expect((messages.validation.fields as Record<string, unknown>)[entity.key]).toBeDefined();
        }
      });
      it('resolves its three back-office paths', () => {
        const area = AREAS[entity.key];
        expect(resolveAdminRoute([entity.admin.list])).toEqual({ kind: 'list', area });
        expect(resolveAdminRoute([entity.admin.create])).toEqual({ kind: 'create', area });
        expect(resolveAdminRoute([entity.admin.edit, '7'])).toEqual({ kind: 'edit', area, id: 7 });
      });
    });
  }

  it('derives the required marks from the schemas (the spec’s required fields)', () => {
    const required = (key: keyof typeof AREAS) => AREAS[key].fields.filter((f) => f.required).map((f) => f.name);
    expect(required('slides')).toEqual(['image']);
    expect(required('team')).toEqual(['nameEn', 'jobTitleEn', 'detailsEn']);
    expect(required('services')).toEqual(['image', 'titleEn', 'titleAr', 'descriptionEn', 'descriptionAr']);
    expect(required('contacts')).toEqual([]);
    expect(required('events')).toEqual(['image', 'nameEn', 'cost', 'clientId', 'locationEn', 'locationAr']);
    expect(required('clients')).toEqual(['image', 'nameEn', 'nameAr']);
  });

  it("keeps the offices and the portfolio's fields out of the old API: only those are hidden from it", () => {
    const hidden = LEGACY_ENTITIES.flatMap(({ entity, legacy }) =>
      Object.entries(legacy.format.fields)
        .filter(([, old]) => old === NOT_IN_OLD_API)
        .map(([name]) => `${entity.key}.${name}`),
    );
    expect(hidden).toEqual([
      'contacts.officeNameEn',
      'contacts.officeNameAr',
      'contacts.addressEn',
      'contacts.addressAr',
      'contacts.hoursEn',
      'contacts.hoursAr',
      'contacts.whatsapp',
      'contacts.mapLocation',
      ...['slug', 'published', 'featured', 'featuredOrder', 'cityEn', 'cityAr', 'serviceIds', 'videos', 'gallery']
        .concat(['seoTitleEn', 'seoTitleAr', 'seoDescriptionEn', 'seoDescriptionAr'])
        .map((name) => `events.${name}`),
    ]);
    // Sent by a client under either name, they are not read; the old fields still are.
    expect(
      fromLegacy(legacyContact, { whatsapp: '+971 50 000 0000', officeNameEn: 'X', null: 'y', phone: '+971 4 1', insta: 'i' }),
    ).toEqual({
      phone: '+971 4 1',
      instagramUrl: 'i',
    });
  });

  it('maps the old image folders to upload folders (events share contactimges)', () => {
    expect(Object.fromEntries(IMAGE_URL_FOLDERS)).toEqual({
      sliderimges: ['slides'],
      teamimges: ['team'],
      servimges: ['services'],
      contactimges: ['contacts', 'events'],
      clientimges: ['clients'],
    });
    expect(imageUrl(events, '1-a.jpg')).toBe('/contactimges/1-a.jpg');
    expect(imageUrl(events, null)).toBeNull();
  });

  it('places every /api resource at its /api/home index', () => {
    expect(Object.fromEntries(LEGACY_ENTITIES.map(({ legacy }) => [legacy.homeIndex, legacy.resource]))).toEqual({
      0: 'event',
      1: 'contact',
      2: 'team',
      3: 'client',
      4: 'service',
      6: 'slider',
    });
  });

  it('turns a row back into schema input for every schema field (dates as days, decimals as text)', () => {
    const row = {
      id: 3,
      nameEn: 'Gala',
      nameAr: '',
      date: new Date('2024-05-17T00:00:00Z'),
      locationEn: 'Dubai',
      locationAr: 'دبي',
      descriptionEn: 'x',
      descriptionAr: 'y',
      cost: { toString: () => '1500.50' },
      clientId: 9,
      image: 'a.jpg',
      createdAt: new Date(),
    };
    expect(rowToInput(events, row as Row)).toEqual({
      nameEn: 'Gala',
      nameAr: '',
      date: '2024-05-17',
      locationEn: 'Dubai',
      locationAr: 'دبي',
      descriptionEn: 'x',
      descriptionAr: 'y',
      cost: '1500.50',
      clientId: 9,
    });
    expect(rowToInput(events, { ...row, date: null } as Row)).not.toHaveProperty('date');
  });

  it('finds entities by key and nothing by an inherited name', () => {
    expect(entityByKey('events')).toBe(events);
    expect(entityByKey('constructor')).toBeUndefined();
    expect(entityByKey('__proto__')).toBeUndefined();
  });
});
