import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { AREAS, MENU, resolveAdminRoute } from '@/lib/admin/areas';
import { fieldMeta, fieldNames, formFields, imageUrl, rowToInput, type FieldDef, type Row } from '@/lib/entities/define';
import { NOT_IN_OLD_API } from '@/lib/entities/field-meta';
import { DOCUMENT_URL_FOLDERS, ENTITIES, IMAGE_URL_FOLDERS, entityByKey, type EntityKey } from '@/lib/entities/registry';
import { LEGACY_ENTITIES, legacyOf } from '@/lib/legacy/entities';
import { events } from '@/lib/entities/events';
import { fromLegacy, legacyContact } from '@/lib/legacy/serializer';

// The registry is the one list every layer derives from; these are the facts the layers rely on.

describe('entity registry', () => {
  it("lists the content entities once each, in the menu order of the spec, then issue 37's", () => {
    expect(ENTITIES.map((e) => e.key)).toEqual([
      'slides',
      'team',
      'services',
      'contacts',
      'events',
      'clients',
      'testimonials',
      'certifications',
    ]);
    expect(MENU.map((a) => a.list)).toEqual([
      'Slider',
      'Teams',
      'Services',
      'Contacts',
      'Events',
      'Clients',
      'Testimonials',
      'Certifications',
    ]);
  });

  for (const entity of ENTITIES) {
    describe(entity.key, () => {
      it('has a form field for every schema field and none other, the image first', () => {
        expect(formFields(entity).map((f) => f.name)).toEqual(fieldNames(entity));
        expect(AREAS[entity.key].fields.map((f) => f.name)).toEqual([
          ...(entity.image ? ['image'] : []),
          ...fieldNames(entity),
          ...(entity.document ? [entity.document.column] : []),
        ]);
      });
      it('has an old field name (or "not in the old API") for every schema field, and its image', () => {
        if (!legacyOf(entity)) {
          // One the old client never had: no field of it reaches /api.
          for (const name of fieldNames(entity)) expect(fieldMeta(entity.schema, name)?.old, `${entity.key}.${name}`).toBe(NOT_IN_OLD_API);
          return;
        }
        const old = legacyOf(entity)?.format.fields ?? {};
        for (const name of fieldNames(entity)) {
          expect(Object.hasOwn(old, name), `${entity.key}.${name}`).toBe(true);
          if (old[name] !== NOT_IN_OLD_API) expect(old[name], `${entity.key}.${name}`).toBeTruthy();
        }
        if (entity.image) expect(old.image).toBe(legacyOf(entity)?.format.filePart);
        expect(Object.keys(old)).toEqual([...fieldNames(entity), ...(entity.image ? ['image'] : [])]);
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

  // The form as it was stated in each descriptor's `admin.fields` before the schema became the one
  // field list (issue 25 point 8): the order is what staff see, after the image.
  const FORMS: Record<EntityKey, FieldDef[]> = {
    slides: [{ name: 'sortOrder', kind: 'number' }],
    team: [
      { name: 'nameEn', kind: 'text' },
      { name: 'nameAr', kind: 'text', rtl: true },
      { name: 'jobTitleEn', kind: 'text' },
      { name: 'jobTitleAr', kind: 'text', rtl: true },
      { name: 'detailsEn', kind: 'textarea' },
      { name: 'detailsAr', kind: 'textarea', rtl: true },
    ],
    services: [
      { name: 'titleEn', kind: 'text' },
      { name: 'titleAr', kind: 'text', rtl: true },
      { name: 'slug', kind: 'text', hint: true },
      { name: 'descriptionEn', kind: 'textarea' },
      { name: 'descriptionAr', kind: 'textarea', rtl: true },
      // Issue 37: the service page's text, questions and search texts.
      { name: 'bodyEn', kind: 'textarea', hint: true },
      { name: 'bodyAr', kind: 'textarea', rtl: true },
      { name: 'faqEn', kind: 'textarea', hint: true },
      { name: 'faqAr', kind: 'textarea', rtl: true },
      { name: 'seoTitleEn', kind: 'text', hint: true },
      { name: 'seoTitleAr', kind: 'text', rtl: true },
      { name: 'seoDescriptionEn', kind: 'textarea', hint: true },
      { name: 'seoDescriptionAr', kind: 'textarea', rtl: true },
    ],
    contacts: [
      { name: 'phone', kind: 'tel' },
      { name: 'email', kind: 'email' },
      { name: 'tiktokUrl', kind: 'url' },
      { name: 'instagramUrl', kind: 'url' },
      { name: 'linkedinUrl', kind: 'url' },
      { name: 'youtubeUrl', kind: 'url' },
      { name: 'whatsapp', kind: 'tel' },
      { name: 'officeNameEn', kind: 'text' },
      { name: 'officeNameAr', kind: 'text', rtl: true },
      { name: 'addressEn', kind: 'textarea' },
      { name: 'addressAr', kind: 'textarea', rtl: true },
      { name: 'hoursEn', kind: 'textarea' },
      { name: 'hoursAr', kind: 'textarea', rtl: true },
      { name: 'mapLocation', kind: 'text' },
    ],
    events: [
      { name: 'nameEn', kind: 'text' },
      { name: 'nameAr', kind: 'text', rtl: true },
      { name: 'slug', kind: 'text', hint: true },
      { name: 'published', kind: 'checkbox', startsOff: true },
      { name: 'featured', kind: 'checkbox' },
      { name: 'featuredOrder', kind: 'number', hint: true },
      { name: 'date', kind: 'date' },
      { name: 'cost', kind: 'number' },
      { name: 'clientId', kind: 'select', optionsFrom: 'clients' },
      { name: 'serviceIds', kind: 'multiselect', optionsFrom: 'services' },
      { name: 'cityEn', kind: 'text' },
      { name: 'cityAr', kind: 'text', rtl: true },
      { name: 'locationEn', kind: 'text' },
      { name: 'locationAr', kind: 'text', rtl: true },
      { name: 'descriptionEn', kind: 'textarea' },
      { name: 'descriptionAr', kind: 'textarea', rtl: true },
      { name: 'gallery', kind: 'gallery' },
      { name: 'videos', kind: 'textarea', hint: true },
      { name: 'seoTitleEn', kind: 'text', hint: true },
      { name: 'seoTitleAr', kind: 'text', rtl: true },
      { name: 'seoDescriptionEn', kind: 'textarea', hint: true },
      { name: 'seoDescriptionAr', kind: 'textarea', rtl: true },
    ],
    clients: [
      { name: 'nameEn', kind: 'text' },
      { name: 'nameAr', kind: 'text', rtl: true },
      { name: 'detailsEn', kind: 'textarea' },
      { name: 'detailsAr', kind: 'textarea', rtl: true },
    ],
    testimonials: [
      { name: 'quoteEn', kind: 'textarea' },
      { name: 'quoteAr', kind: 'textarea', rtl: true },
      { name: 'personEn', kind: 'text' },
      { name: 'personAr', kind: 'text', rtl: true },
      { name: 'roleEn', kind: 'text', hint: true },
      { name: 'roleAr', kind: 'text', rtl: true },
      { name: 'clientId', kind: 'select', optionsFrom: 'clients' },
      { name: 'projectSlug', kind: 'text', hint: true },
      { name: 'serviceIds', kind: 'multiselect', optionsFrom: 'services' },
    ],
    certifications: [
      { name: 'nameEn', kind: 'text', hint: true },
      { name: 'nameAr', kind: 'text', rtl: true },
      { name: 'issuerEn', kind: 'text' },
      { name: 'issuerAr', kind: 'text', rtl: true },
      { name: 'expiresOn', kind: 'date', hint: true },
    ],
  };

  it("derives each form from its schema's metadata, exactly as the descriptors stated it (order, kinds, rtl, options, hints)", () => {
    for (const entity of ENTITIES) {
      expect(
        formFields(entity).map(({ language: _, ...field }) => field),
        entity.key,
      ).toStrictEqual(FORMS[entity.key]);
      // Each pair's two fields know their pair (declared once, lib/entities/bilingual.ts): every
      // field named <pair>En / <pair>Ar above, and no other.
      const pairs = FORMS[entity.key]!.flatMap(({ name }) => {
        const match = /^(.+)(En|Ar)$/.exec(name);
        return match ? [[name, match[1], match[2] === 'En' ? 'en' : 'ar']] : [];
      });
      expect(
        formFields(entity).flatMap((field) => (field.language ? [[field.name, field.language.pair, field.language.language]] : [])),
        entity.key,
      ).toEqual(pairs);
      const image = entity.image ? [{ name: 'image', kind: 'image' }] : [];
      const document = entity.document ? [{ name: entity.document.column, kind: 'document' }] : [];
      expect(
        AREAS[entity.key].fields.map(({ required: _, defaultOn: __, language: ___, ...field }) => field),
        entity.key,
      ).toStrictEqual([...image, ...FORMS[entity.key], ...document]);
    }
    // A new project starts as an unfeatured draft in the form, though /api still publishes what it
    // creates without saying (its old clients never send the flag).
    expect(AREAS.events.fields.filter((field) => field.kind === 'checkbox').map(({ name, defaultOn }) => [name, defaultOn])).toEqual([
      ['published', false],
      ['featured', false],
    ]);
  });

  it('states the old name of every schema field of every legacy entity (a name or NOT_IN_OLD_API, never left out)', () => {
    for (const { entity, legacy } of LEGACY_ENTITIES) {
      for (const name of fieldNames(entity)) {
        const meta = fieldMeta(entity.schema, name);
        expect(meta && Object.hasOwn(meta, 'old'), `${entity.key}.${name}`).toBe(true);
        const old = meta?.old;
        expect(old === NOT_IN_OLD_API || (typeof old === 'string' && /^[a-z_]+$/.test(old)), `${entity.key}.${name}: ${String(old)}`).toBe(
          true,
        );
        expect(legacy.format.fields[name], `${entity.key}.${name}`).toBe(old);
      }
    }
    // The old names as the serializer stated them before (the fields the old client never had: below).
    const named = Object.fromEntries(
      LEGACY_ENTITIES.map(({ entity, legacy }) => [
        entity.key,
        Object.fromEntries(Object.entries(legacy.format.fields).filter(([, old]) => old !== NOT_IN_OLD_API)),
      ]),
    );
    expect(named).toStrictEqual({
      slides: { sortOrder: 'sort_order', image: 'img' },
      team: {
        nameEn: 'name',
        nameAr: 'namear',
        jobTitleEn: 'dec',
        jobTitleAr: 'decar',
        detailsEn: 'details',
        detailsAr: 'detailsar',
        image: 'img',
      },
      services: { titleEn: 'titel', titleAr: 'titelar', descriptionEn: 'dec', descriptionAr: 'decar', image: 'img_ser' },
      contacts: {
        phone: 'phone',
        email: 'email',
        tiktokUrl: 'faceboock',
        instagramUrl: 'insta',
        linkedinUrl: 'linkedin',
        youtubeUrl: 'telegram',
        image: 'logo',
      },
      events: {
        nameEn: 'name',
        nameAr: 'namear',
        date: 'date',
        cost: 'event_cost',
        clientId: 'client_id',
        locationEn: 'location',
        locationAr: 'locationar',
        descriptionEn: 'description',
        descriptionAr: 'descriptionar',
        image: 'event_img',
      },
      clients: { nameEn: 'name', nameAr: 'namear', detailsEn: 'details', detailsAr: 'detailsar', image: 'logo' },
    });
  });

  it('derives the required marks from the schemas (the spec’s required fields)', () => {
    const required = (key: keyof typeof AREAS) => AREAS[key].fields.filter((f) => f.required).map((f) => f.name);
    expect(required('slides')).toEqual(['image']);
    expect(required('team')).toEqual(['nameEn', 'jobTitleEn', 'detailsEn']);
    expect(required('services')).toEqual(['image', 'titleEn', 'titleAr', 'descriptionEn', 'descriptionAr']);
    expect(required('contacts')).toEqual([]);
    expect(required('events')).toEqual(['image', 'nameEn', 'cost', 'clientId', 'locationEn', 'locationAr']);
    expect(required('clients')).toEqual(['image', 'nameEn', 'nameAr']);
    expect(required('testimonials')).toEqual(['quoteEn', 'quoteAr', 'personEn', 'clientId']);
    expect(required('certifications')).toEqual(['image', 'nameEn', 'nameAr', 'issuerEn']);
  });

  it("keeps the offices', the portfolio's and the service pages' fields out of the old API: only those are hidden from it", () => {
    const hidden = LEGACY_ENTITIES.flatMap(({ entity, legacy }) =>
      Object.entries(legacy.format.fields)
        .filter(([, old]) => old === NOT_IN_OLD_API)
        .map(([name]) => `${entity.key}.${name}`),
    );
    expect(hidden).toEqual([
      // Issue 37: the service page's fields.
      ...['slug', 'bodyEn', 'bodyAr', 'faqEn', 'faqAr', 'seoTitleEn', 'seoTitleAr', 'seoDescriptionEn', 'seoDescriptionAr'].map(
        (name) => `services.${name}`,
      ),
      'contacts.whatsapp',
      'contacts.officeNameEn',
      'contacts.officeNameAr',
      'contacts.addressEn',
      'contacts.addressAr',
      'contacts.hoursEn',
      'contacts.hoursAr',
      'contacts.mapLocation',
      ...['slug', 'published', 'featured', 'featuredOrder', 'serviceIds', 'cityEn', 'cityAr', 'gallery', 'videos']
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
      testimonialimges: ['testimonials'],
      certimges: ['certifications'],
    });
    // Only a certificate's folder serves PDFs too.
    expect([...DOCUMENT_URL_FOLDERS]).toEqual(['certimges']);
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
    // Every content entity the old client had, in the registry's (the menu's) order, each its own
    // resource; issue 37's are not in the old API.
    expect(LEGACY_ENTITIES.map(({ entity }) => entity.key)).toEqual(
      ENTITIES.filter((entity) => legacyOf(entity)).map((entity) => entity.key),
    );
    expect(ENTITIES.filter((entity) => !legacyOf(entity)).map((entity) => entity.key)).toEqual(['testimonials', 'certifications']);
    expect(LEGACY_ENTITIES.map(({ entity }) => legacyOf(entity)?.resource)).toEqual([
      'slider',
      'team',
      'service',
      'contact',
      'event',
      'client',
    ]);
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
