import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, imageFile, noiseImage, userWithToken } from '../helpers/api';
import { testDb, unique } from '../helpers/db';
import { deleteContentAddedByThisFile } from '../helpers/content-cleanup';
import en from '@/messages/en.json';

// Every legacy endpoint called the way the old React client calls it (multipart,
// `Authorization: Bearer …`, POST + `_method=PUT`), checking the envelopes and field names it
// reads, and what changed in the database.

deleteContentAddedByThisFile();

let admin: string;
let mini: string;

beforeAll(async () => {
  admin = (await userWithToken('admin')).token!;
  mini = (await userWithToken('mini')).token!;
});
afterAll(() => testDb.$disconnect());

async function newClient(token = admin) {
  const res = await call('/api/client', {
    token,
    form: { name: unique('Client'), logo: await imageFile('logo.png', 'png'), namear: 'عميل' },
  });
  expect(res.status).toBe(201);
  return res.data as { id: number; name: string; logo: string };
}

describe('GET /api/home', () => {
  it('is the positional 7-element array with index 5 empty, and ignores Authorization', async () => {
    for (const token of [undefined, 'null', 'undefined', 'garbage|token']) {
      const res = await call('/api/home', token === undefined ? {} : { token });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.data)).toBe(true);
      expect(res.data).toHaveLength(7);
      expect(res.data[5]).toEqual([]);
    }
    const { data } = await call('/api/home');
    const [events, contacts, team, clients, services, , slides] = data;
    expect(events.length).toBeGreaterThanOrEqual(8);
    // Each item carries its row's values under the old names (read back from the database by id).
    for (const e of events) {
      const row = await testDb.event.findUniqueOrThrow({ where: { id: e.id }, include: { client: true } });
      expect(e).toMatchObject({
        id: row.id,
        name: row.nameEn,
        location: row.locationEn,
        locationar: row.locationAr,
        event_img: row.image,
      });
      expect(e.client).toMatchObject({ logo: row.client.logo });
    }
    const contact = await testDb.contact.findUniqueOrThrow({ where: { id: contacts[0].id } });
    expect(contacts[0]).toMatchObject({
      email: contact.email,
      phone: contact.phone,
      insta: contact.instagramUrl,
      faceboock: contact.tiktokUrl,
      linkedin: contact.linkedinUrl,
      telegram: contact.youtubeUrl,
    });
    const member = await testDb.teamMember.findUniqueOrThrow({ where: { id: team[0].id } });
    expect(team[0]).toMatchObject({
      img_team: member.image,
      name: member.nameEn,
      namear: member.nameAr,
      details: member.detailsEn,
      detailsar: member.detailsAr,
      dec: member.jobTitleEn,
      decar: member.jobTitleAr,
    });
    expect(clients[0]).toMatchObject({ logo: (await testDb.client.findUniqueOrThrow({ where: { id: clients[0].id } })).logo });
    const service = await testDb.service.findUniqueOrThrow({ where: { id: services[0].id } });
    expect(services[0]).toMatchObject({
      titel: service.titleEn,
      titelar: service.titleAr,
      dec: service.descriptionEn,
      decar: service.descriptionAr,
      img_ser: service.image,
    });
    expect(slides[0]).toMatchObject({ img: (await testDb.slide.findUniqueOrThrow({ where: { id: slides[0].id } })).image });
  });
});

describe('team', () => {
  it('creates with `img`, reads back `img_team`, updates with _method=PUT, deletes', async () => {
    const name = unique('Member');
    const created = await call('/api/team', {
      token: admin,
      form: { name, namear: 'عضو', details: 'Details', detailsar: 'تفاصيل', dec: 'Engineer', decar: 'مهندس', img: await imageFile() },
    });
    expect(created.status).toBe(201);
    const id = created.data.id;
    const row = await testDb.teamMember.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ nameEn: name, nameAr: 'عضو', jobTitleEn: 'Engineer', jobTitleAr: 'مهندس' });
    expect(row.image).toMatch(/^[A-Za-z0-9._-]+\.jpg$/);

    const list = await call('/api/team', { token: admin });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.data[0])).toBe(true);
    expect(list.data[0].find((t: { id: number }) => t.id === id)).toMatchObject({ img_team: row.image, name, dec: 'Engineer' });

    const one = await call(`/api/team/${id}`, { token: admin });
    expect(one.data).toHaveLength(1);
    expect(one.data[0]).toMatchObject({
      name,
      namear: 'عضو',
      details: 'Details',
      detailsar: 'تفاصيل',
      dec: 'Engineer',
      decar: 'مهندس',
      img_team: row.image,
    });

    // Update without a file keeps the image.
    const upd = await call(`/api/team/${id}`, {
      token: admin,
      form: { name: `${name} 2`, details: 'D2', dec: 'Lead', namear: 'ع2', detailsar: 'ت2', decar: 'قائد', _method: 'PUT' },
    });
    expect(upd.status).toBe(200);
    const after = await testDb.teamMember.findUniqueOrThrow({ where: { id } });
    expect(after).toMatchObject({ nameEn: `${name} 2`, jobTitleEn: 'Lead', image: row.image });

    // Update with a file replaces it and removes the old file.
    await call(`/api/team/${id}`, {
      token: admin,
      form: {
        name: `${name} 3`,
        details: 'D',
        dec: 'L',
        namear: '',
        detailsar: '',
        decar: '',
        _method: 'PUT',
        img: await imageFile('new.png', 'png'),
      },
    });
    const replaced = await testDb.teamMember.findUniqueOrThrow({ where: { id } });
    expect(replaced.image).not.toBe(row.image);
    expect((await fetch(`${process.env.TEST_BASE_URL}/teamimges/${row.image}`)).status).toBe(404);
    expect((await fetch(`${process.env.TEST_BASE_URL}/teamimges/${replaced.image}`)).status).toBe(200);

    const del = await call(`/api/team/${id}`, { token: admin, method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(await testDb.teamMember.findUnique({ where: { id } })).toBeNull();
    // Issue 26: a deleted item's image waits in the trash for its restore (30 days; the sweeper
    // removes it after, tests/inproc/orphan-files.test.ts): no longer served.
    expect((await fetch(`${process.env.TEST_BASE_URL}/teamimges/${replaced.image}`)).status).toBe(404);
    expect((await fetch(`${process.env.TEST_BASE_URL}/teamimges/${row.image}`)).status).toBe(404);
  });

  it('refuses blank and whitespace-only required fields with 422 and the old field names', async () => {
    const before = await testDb.teamMember.count();
    const res = await call('/api/team', {
      token: admin,
      form: { name: '   ', namear: '', details: '', detailsar: '', dec: ' ', decar: '', img: '' },
    });
    expect(res.status).toBe(422);
    expect(res.data.message).toBe(en.errors.invalid);
    expect(res.data.errors.name).toEqual(['Name is required.']);
    expect(res.data.errors.details).toEqual(['Details are required.']);
    expect(res.data.errors.dec).toEqual(['Job title is required.']);
    expect(await testDb.teamMember.count()).toBe(before);
  });
});

describe('client', () => {
  it('creates, reads (with `details`), updates, and is used by the event selects', async () => {
    const client = await newClient();
    const row = await testDb.client.findUniqueOrThrow({ where: { id: client.id } });
    expect(row.nameAr).toBe('عميل');
    const list = await call('/api/client', { token: mini });
    expect(list.status).toBe(200);
    const item = list.data[0].find((c: { id: number }) => c.id === client.id);
    expect(item).toMatchObject({ id: client.id, name: row.nameEn, namear: 'عميل', logo: row.logo, details: '' });
    expect(typeof item.id).toBe('number');

    const one = await call(`/api/client/${client.id}`, { token: admin });
    expect(one.data[0]).toMatchObject({ name: row.nameEn, namear: 'عميل', logo: row.logo });

    const upd = await call(`/api/client/${client.id}`, { token: admin, form: { name: 'Renamed', namear: 'معدل', _method: 'PUT' } });
    expect(upd.status).toBe(200);
    expect(await testDb.client.findUniqueOrThrow({ where: { id: client.id } })).toMatchObject({
      nameEn: 'Renamed',
      nameAr: 'معدل',
      logo: row.logo,
    });

    const missing = await call(`/api/client/${client.id}`, { token: admin, form: { name: 'X', namear: ' ', _method: 'PUT' } });
    expect(missing.status).toBe(422);
    expect(missing.data.errors.namear).toEqual(['Arabic Name is required.']);

    expect((await call(`/api/client/${client.id}`, { token: admin, method: 'DELETE' })).status).toBe(200);
    expect(await testDb.client.findUnique({ where: { id: client.id } })).toBeNull();
  });

  it('refuses to delete a client that still has events (409), losing nothing', async () => {
    const client = await newClient();
    const event = await call('/api/event', {
      token: admin,
      form: {
        name: 'Gala',
        event_cost: '1000',
        location: 'Dubai',
        locationar: 'دبي',
        client_id: String(client.id),
        event_img: await imageFile(),
      },
    });
    expect(event.status).toBe(201);
    const res = await call(`/api/client/${client.id}`, { token: admin, method: 'DELETE' });
    expect(res.status).toBe(409);
    expect(res.data).toEqual({ message: en.errors.clientHasEvents });
    expect(await testDb.client.findUnique({ where: { id: client.id } })).toMatchObject({
      nameEn: client.name,
      nameAr: 'عميل',
      logo: client.logo,
    });
    expect(await testDb.event.findUnique({ where: { id: event.data.id } })).toMatchObject({ nameEn: 'Gala', clientId: client.id });
  });
});

describe('contact', () => {
  it('never returns null links, keeps "" as "", and supports create without a logo part', async () => {
    const res = await call('/api/contact', {
      token: admin,
      form: {
        phone: '+971 4 555 0000',
        email: 'hello@example.test',
        insta: '',
        faceboock: 'tiktok.com/@sevenstars',
        linkedin: '',
        telegram: '',
      },
    });
    expect(res.status).toBe(201);
    const id = res.data.id;
    const row = await testDb.contact.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ instagramUrl: '', tiktokUrl: 'https://tiktok.com/@sevenstars', logo: null });
    const list = await call('/api/contact', { token: admin });
    const item = list.data[0].find((c: { id: number }) => c.id === id);
    expect(item).toMatchObject({
      insta: '',
      faceboock: 'https://tiktok.com/@sevenstars',
      linkedin: '',
      telegram: '',
      logo: '',
      phone: '+971 4 555 0000',
      email: 'hello@example.test',
    });

    const upd = await call(`/api/contact/${id}`, {
      token: admin,
      form: {
        phone: '+971 4 555 0001',
        email: 'x@example.test',
        insta: 'https://instagram.com/x',
        faceboock: '',
        linkedin: '',
        telegram: 'https://youtube.com/@x',
        _method: 'PUT',
        logo: await imageFile('l.webp', 'webp'),
      },
    });
    expect(upd.status).toBe(200);
    const after = await testDb.contact.findUniqueOrThrow({ where: { id } });
    expect(after).toMatchObject({ phone: '+971 4 555 0001', youtubeUrl: 'https://youtube.com/@x', tiktokUrl: '' });
    expect(after.logo).toMatch(/\.webp$/);
    expect((await call(`/api/contact/${id}`, { token: admin })).data[0]).toMatchObject({
      telegram: 'https://youtube.com/@x',
      logo: after.logo,
    });

    const bad = await call(`/api/contact/${id}`, {
      token: admin,
      form: { phone: '', email: 'x@example.test', insta: 'javascript:alert(1)', _method: 'PUT' },
    });
    expect(bad.status).toBe(422);
    expect(bad.data).toEqual({ message: en.errors.invalid, errors: { insta: [en.validation.invalidUrl] } });
    expect((await call(`/api/contact/${id}`, { token: admin, method: 'DELETE' })).status).toBe(200);
    expect(await testDb.contact.findUnique({ where: { id } })).toBeNull();
  });
});

describe('event', () => {
  it('returns event_cost as a string, client_id as a number and a nested client', async () => {
    const client = await newClient();
    const created = await call('/api/event', {
      token: admin,
      form: {
        name: 'Launch',
        event_cost: '1234',
        location: 'Abu Dhabi',
        locationar: 'أبوظبي',
        client_id: String(client.id),
        event_img: await imageFile(),
      },
    });
    expect(created.status).toBe(201);
    const id = created.data.id;
    const row = await testDb.event.findUniqueOrThrow({ where: { id } });
    expect(row.cost.toString()).toBe('1234');
    const one = await call(`/api/event/${id}`, { token: mini });
    expect(one.data[0]).toMatchObject({
      name: 'Launch',
      event_cost: '1234',
      client_id: client.id,
      location: 'Abu Dhabi',
      locationar: 'أبوظبي',
      date: '',
      description: '',
    });
    expect(typeof one.data[0].event_cost).toBe('string');
    expect(one.data[0].client).toMatchObject({ id: client.id, logo: client.logo });

    const list = await call('/api/event', { token: admin });
    expect(list.data[0].find((e: { id: number }) => e.id === id)).toMatchObject({ event_img: row.image, client: { logo: client.logo } });

    // The old edit form sends no image and no date; both are kept.
    await testDb.event.update({ where: { id }, data: { date: new Date('2025-05-01T00:00:00Z') } });
    const upd = await call(`/api/event/${id}`, {
      token: admin,
      form: {
        name: 'Launch 2',
        event_cost: '99.50',
        client_id: String(client.id),
        location: 'Sharjah',
        locationar: 'الشارقة',
        _method: 'PUT',
      },
    });
    expect(upd.status).toBe(200);
    const after = await testDb.event.findUniqueOrThrow({ where: { id } });
    expect(after).toMatchObject({ nameEn: 'Launch 2', locationEn: 'Sharjah', image: row.image });
    expect(after.cost.toString()).toBe('99.5');
    expect(after.date?.toISOString().slice(0, 10)).toBe('2025-05-01');

    const bad = await call('/api/event', {
      token: admin,
      form: { name: ' ', event_cost: '', location: '', locationar: '', client_id: '', event_img: '' },
    });
    expect(bad.status).toBe(422);
    expect(bad.data.errors).toMatchObject({
      name: ['Event name is required.'],
      event_cost: ['Event cost is required.'],
      client_id: ['Client ID is required.'],
      location: ['Event location is required.'],
      locationar: ['Event location arabic is required.'],
    });
    // A cost of 0 would come back as "0", which the old edit form reads as missing.
    const free = await call(`/api/event/${id}`, {
      token: admin,
      form: {
        name: 'Launch 2',
        event_cost: '0.00',
        client_id: String(client.id),
        location: 'Sharjah',
        locationar: 'الشارقة',
        _method: 'PUT',
      },
    });
    expect(free.status).toBe(422);
    expect(free.data.errors).toEqual({ event_cost: ['Enter an amount greater than 0.'] });
    expect((await testDb.event.findUniqueOrThrow({ where: { id } })).cost.toString()).toBe('99.5');
    const ghost = await call('/api/event', {
      token: admin,
      form: { name: 'x', event_cost: '1', location: 'x', locationar: 'x', client_id: '999999', event_img: await imageFile() },
    });
    expect(ghost.status).toBe(422);
    expect(ghost.data).toEqual({ message: en.errors.invalid, errors: { client_id: [en.validation.clientMissing] } });

    expect((await call(`/api/event/${id}`, { token: admin, method: 'DELETE' })).status).toBe(200);
    expect(await testDb.event.findUnique({ where: { id } })).toBeNull();
  });
});

describe('service', () => {
  it('uses titel/dec/img_ser, returns a `title` alias, accepts JSON create fields too', async () => {
    const created = await call('/api/service', {
      token: admin,
      form: { titel: 'LED Walls', dec: 'Big screens', titelar: 'شاشات', decar: 'شاشات كبيرة', img_ser: await imageFile() },
    });
    expect(created.status).toBe(201);
    const id = created.data.id;
    expect(await testDb.service.findUniqueOrThrow({ where: { id } })).toMatchObject({
      titleEn: 'LED Walls',
      titleAr: 'شاشات',
      descriptionEn: 'Big screens',
    });
    const one = await call(`/api/service/${id}`, { token: admin });
    const stored = (await testDb.service.findUniqueOrThrow({ where: { id } })).image;
    expect(stored).toMatch(/\.jpg$/);
    expect(one.data[0]).toMatchObject({
      titel: 'LED Walls',
      title: 'LED Walls',
      titelar: 'شاشات',
      dec: 'Big screens',
      decar: 'شاشات كبيرة',
      img_ser: stored,
    });

    const upd = await call(`/api/service/${id}`, {
      token: admin,
      form: { titel: 'LED', dec: 'd', titelar: 'ش', decar: 'د', _method: 'PUT' },
    });
    expect(upd.status).toBe(200);
    expect((await testDb.service.findUniqueOrThrow({ where: { id } })).titleEn).toBe('LED');

    const noImage = await call('/api/service', { token: admin, json: { titel: 'A', dec: 'B', titelar: 'C', decar: 'D' } });
    expect(noImage.status).toBe(422);
    expect(noImage.data.errors.img_ser).toEqual(['Image is required.']);
    const blank = await call(`/api/service/${id}`, { token: admin, form: { titel: ' ', dec: '', titelar: '', decar: '', _method: 'PUT' } });
    expect(blank.status).toBe(422);
    expect(blank.data.errors).toMatchObject({
      titel: ['Title is required.'],
      dec: ['Description is required.'],
      titelar: ['Title is required.'],
      decar: ['Description is required.'],
    });

    expect((await call(`/api/service/${id}`, { token: admin, method: 'DELETE' })).status).toBe(200);
    expect(await testDb.service.findUnique({ where: { id } })).toBeNull();
  });
});

describe('slider', () => {
  it('keeps the image on img="null", takes the first of two img parts, deletes', async () => {
    const created = await call('/api/slider', { token: admin, form: { img: await imageFile('s.jpg') } });
    expect(created.status).toBe(201);
    const id = created.data.id;
    const row = await testDb.slide.findUniqueOrThrow({ where: { id } });
    const list = await call('/api/slider', { token: admin });
    expect(list.data[0].find((s: { id: number }) => s.id === id)).toMatchObject({ id, img: row.image });
    expect((await call(`/api/slider/${id}`, { token: admin })).data[0]).toMatchObject({ id, img: row.image });

    const keep = await call(`/api/slider/${id}`, { token: admin, form: { img: 'null', _method: 'PUT' } });
    expect(keep.status).toBe(200);
    expect((await testDb.slide.findUniqueOrThrow({ where: { id } })).image).toBe(row.image);

    const file = await imageFile('twice.png', 'png');
    const twice = await call(`/api/slider/${id}`, { token: admin, form: { img: [file, file], _method: 'PUT' } });
    expect(twice.status).toBe(200);
    const replaced = await testDb.slide.findUniqueOrThrow({ where: { id } });
    expect(replaced.image).toMatch(/\.png$/);

    // A photo of 6 MB, sent twice as the old edit form does, fits (the limit is MAX_UPLOAD_BYTES a file).
    const big = await noiseImage('big.png', 6 * 1024 * 1024);
    const bigTwice = await call(`/api/slider/${id}`, { token: admin, form: { img: [big, big], _method: 'PUT' } });
    expect(bigTwice.status).toBe(200);
    expect((await testDb.slide.findUniqueOrThrow({ where: { id } })).image).not.toBe(replaced.image);

    expect((await call('/api/slider', { token: admin, form: { img: '' } })).status).toBe(422);
    expect((await call(`/api/slider/${id}`, { token: admin, method: 'DELETE' })).status).toBe(200);
    expect(await testDb.slide.findUnique({ where: { id } })).toBeNull();
  });
});

describe('user', () => {
  it('lists everyone but the caller with numeric flags, saves "1"/"0" flags, deletes', async () => {
    const me = await userWithToken('admin');
    const other = await userWithToken('pending');
    const list = await call('/api/user', { token: me.token });
    expect(list.status).toBe(200);
    expect(list.data[0].some((u: { id: number }) => u.id === me.user!.id)).toBe(false);
    const item = list.data[0].find((u: { id: number }) => u.id === other.user!.id);
    expect(item).toMatchObject({ id: other.user!.id, email: other.user!.email, is_admin: 0, mine_admin: 0 });

    const save = await call(`/api/user/${other.user!.id}`, { token: me.token, form: { is_admin: '0', mine_admin: '1', _method: 'PUT' } });
    expect(save.status).toBe(200);
    expect(await testDb.user.findUniqueOrThrow({ where: { id: other.user!.id } })).toMatchObject({ isAdmin: false, isMiniAdmin: true });

    const del = await call(`/api/user/${other.user!.id}`, { token: me.token, method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(await testDb.user.findUnique({ where: { id: other.user!.id } })).toBeNull();
  });

  it('refuses a flag that is not 1/0 or true/false, and changes nothing', async () => {
    const me = await userWithToken('admin');
    const other = await userWithToken('admin');
    for (const value of ['maybe', '2', 'null', '', 'yes']) {
      const res = await call(`/api/user/${other.user!.id}`, {
        token: me.token,
        form: { is_admin: value, mine_admin: '1', _method: 'PUT' },
      });
      expect(res.status, value).toBe(422);
      expect(res.data.errors.is_admin, value).toEqual(['Send 1 or 0 (true or false).']);
    }
    expect(await testDb.user.findUniqueOrThrow({ where: { id: other.user!.id } })).toMatchObject({ isAdmin: true, isMiniAdmin: true });
    const words = await call(`/api/user/${other.user!.id}`, {
      token: me.token,
      form: { is_admin: 'false', mine_admin: 'true', _method: 'PUT' },
    });
    expect(words.status).toBe(200);
    expect(await testDb.user.findUniqueOrThrow({ where: { id: other.user!.id } })).toMatchObject({ isAdmin: false, isMiniAdmin: true });
  });
});

describe('conventions', () => {
  it('answers 404 for an unknown id and an unknown resource, never 5xx for client mistakes', async () => {
    expect((await call('/api/team/999999', { token: admin })).status).toBe(404);
    expect((await call('/api/team/abc', { token: admin })).status).toBe(404);
    expect((await call('/api/nothing', { token: admin })).status).toBe(404);
    expect((await call('/api/team/999999', { token: admin, form: { name: 'x', details: 'x', dec: 'x', _method: 'PUT' } })).status).toBe(
      404,
    );
    expect((await call('/api/team/999999', { token: admin, method: 'DELETE' })).status).toBe(404);
    const badJson = await fetch(`${process.env.TEST_BASE_URL}/api/service`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
      body: '{nope',
    });
    expect(badJson.status).toBe(400);
    const noBody = await call('/api/team', { token: admin, method: 'POST' });
    expect(noBody.status).toBe(422);
  });

  it('accepts real PUT and PATCH as well as _method', async () => {
    const client = await newClient();
    const put = await call(`/api/client/${client.id}`, { token: admin, method: 'PUT', json: { name: 'Via PUT', namear: 'بوت' } });
    expect(put.status).toBe(200);
    const patch = await call(`/api/client/${client.id}`, { token: admin, method: 'PATCH', json: { name: 'Via PATCH' } });
    expect(patch.status).toBe(200);
    expect(await testDb.client.findUniqueOrThrow({ where: { id: client.id } })).toMatchObject({ nameEn: 'Via PATCH', nameAr: 'بوت' });
  });

  it('sends CORS headers on preflight (no auth) and on every answer, errors included', async () => {
    const pre = await fetch(`${process.env.TEST_BASE_URL}/api/team/1`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://old-client.test',
        'Access-Control-Request-Method': 'DELETE',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-methods')).toContain('DELETE');
    expect(pre.headers.get('access-control-allow-headers')).toContain('Authorization');
    for (const res of [
      await call('/api/team', { headers: { Origin: 'http://old-client.test' } }),
      await call('/api/team/999999', { token: admin }),
      await call('/api/team', { token: admin, form: { name: '' } }),
      await call('/api/home'),
    ]) {
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
    // Deeper than any endpoint: still a JSON 404 with CORS (and a preflight that passes).
    const deep = await call('/api/team/1/photo', { token: admin });
    expect(deep.status).toBe(404);
    expect(deep.headers.get('access-control-allow-origin')).toBe('*');
    expect(deep.data).toEqual({ message: en.errors.notFound });
    const deepPre = await fetch(`${process.env.TEST_BASE_URL}/api/team/1/photo`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://old-client.test', 'Access-Control-Request-Method': 'GET' },
    });
    expect(deepPre.status).toBe(204);
    expect(deepPre.headers.get('access-control-allow-origin')).toBe('*');
    // A method a path does not answer: a JSON 405 with CORS, not Next's empty one.
    for (const [method, path] of [
      ['GET', '/api/login'],
      ['DELETE', '/api/home'],
      ['PUT', '/api/team'],
      ['GET', '/api/logout'],
    ] as const) {
      const refused = await call(path, { method, token: admin });
      expect(refused.status, `${method} ${path}`).toBe(405);
      expect(refused.headers.get('access-control-allow-origin'), `${method} ${path}`).toBe('*');
      expect(refused.data.message, `${method} ${path}`).toBe('This method is not allowed here.');
    }
  });

  it('sends baseline security headers', async () => {
    const res = await fetch(`${process.env.TEST_BASE_URL}/api/home`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('strict-transport-security')).toContain('max-age');
  });
});
