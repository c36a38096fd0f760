import http from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { formCall, invokeWith, itemCall, screenOf, sessionCookie, userCall } from '../helpers/actions';
import { ACTIONS } from '../helpers/transport-http';
import { BASE, freshIp, imageFile, userWithToken } from '../helpers/api';
import { makeUser, testDb, unique } from '../helpers/db';
import { API_RESOURCE_NAMES } from '@/lib/legacy/resources';
import { parseId } from '@/lib/entities/ids';

// The hostile-input suite: well over a thousand generated requests that a client can get wrong
// (odd ids, control characters, huge numbers, impossible dates, long strings, wrong types, odd
// methods and paths, bad JSON, wrong content types, odd auth, odd server-action arguments with a
// real admin session, cross-site action calls) across every /api route, the media routes,
// sign-in and every admin server action. Each one is refused with the exact 4xx it should get;
// none answers 5xx, none changes a row, none leaves a file. The tallies are printed.

const url = new URL(BASE);
const ORIGIN = url.origin;

interface Answer {
  status: number;
  text: string;
  type: string;
  cors: string | null;
}

/** One generated request and what it must get back (exact statuses; `check` for the body). */
interface Probe {
  category: string;
  label: string;
  send: () => Promise<Answer>;
  status: number;
  check?: (answer: Answer) => string | null;
}

const probes: Probe[] = [];
const add = (probe: Probe) => probes.push(probe);

// ---------------------------------------------------------------------------------------------
// Transport: fetch for ordinary requests, node:http for what fetch refuses to send (TRACE,
// PROPFIND, un-normalised paths such as /api/../x).

async function viaFetch(pathAndQuery: string, init: RequestInit & { headers?: Record<string, string> }): Promise<Answer> {
  const res = await fetch(`${BASE}${pathAndQuery}`, {
    ...init,
    redirect: 'manual',
    headers: { 'X-Forwarded-For': freshIp(), ...init.headers },
  });
  return {
    status: res.status,
    text: await res.text(),
    type: res.headers.get('content-type') ?? '',
    cors: res.headers.get('access-control-allow-origin'),
  };
}

function viaRaw(method: string, rawPath: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: Number(url.port),
        method,
        path: rawPath,
        headers: { 'X-Forwarded-For': freshIp(), ...headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            type: String(res.headers['content-type'] ?? ''),
            cors: (res.headers['access-control-allow-origin'] as string | undefined) ?? null,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const multipart = (fields: Record<string, string | File>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
};

// ---------------------------------------------------------------------------------------------
// Body checks

const messageOf = (a: Answer): unknown => {
  try {
    return (JSON.parse(a.text) as { message?: unknown }).message;
  } catch {
    return undefined;
  }
};
const apiJson = (message?: string) => (a: Answer) => {
  if (!a.type.startsWith('application/json')) return `not JSON: ${a.type}`;
  if (a.cors !== '*') return `no CORS header (${a.cors})`;
  if (message !== undefined && messageOf(a) !== message) return `message ${JSON.stringify(messageOf(a))} != ${JSON.stringify(message)}`;
  return null;
};
const fieldError =
  (field: string, locale: 'en' | 'ar' = 'en') =>
  (a: Answer) => {
    const shape = apiJson(locale === 'en' ? en.errors.invalid : ar.errors.invalid)(a);
    if (shape) return shape;
    const errors = (JSON.parse(a.text) as { errors?: Record<string, string[]> }).errors ?? {};
    return errors[field]?.length ? null : `no error for ${field}: ${a.text.slice(0, 200)}`;
  };
const actionError = (code: string) => (a: Answer) =>
  a.text.includes(`"ok":false`) && a.text.includes(`"error":"${code}"`) ? null : `expected error ${code}: ${a.text.slice(0, 200)}`;

// ---------------------------------------------------------------------------------------------
// Fixtures (made before the "before" snapshot)

let token = '';
let cookie = '';
const victim: Record<string, number> = {};
let victimUser = 0;
let image: File;
let storedImage = '';

// Hostile text: every one is refused in every text field (single- and multi-line).
const CONTROL_TEXT: Record<string, string> = {
  nul: 'a\u0000b',
  'nul-only': '\u0000',
  soh: '\u0001start',
  esc: 'x\u001b[2J',
  del: 'x\u007f',
  c1: 'x\u0085y',
  long: 'x'.repeat(6000),
};
// Through JSON: values multipart cannot carry (a lone surrogate) and the wrong types.
const JSON_VALUES: Record<string, unknown> = {
  'lone-surrogate': 'a\uD800b',
  number: 123,
  boolean: true,
  null: null,
  object: { a: 1 },
  array: ['a'],
  nul: '\u0000',
};

const TEXT_FIELDS: Record<string, string[]> = {
  team: ['name', 'namear', 'details', 'detailsar', 'dec', 'decar'],
  client: ['name', 'namear', 'details', 'detailsar'],
  contact: ['phone', 'email', 'insta', 'faceboock', 'linkedin', 'telegram'],
  event: ['name', 'namear', 'location', 'locationar', 'description', 'descriptionar', 'date'],
  service: ['titel', 'titelar', 'dec', 'decar'],
};

function validBody(resource: string, withImage: boolean): Record<string, string | File> {
  const img = (part: string) => (withImage ? { [part]: image } : {});
  switch (resource) {
    case 'team':
      return { name: 'Hostile', details: 'd', dec: 'j', ...img('img') };
    case 'client':
      return { name: 'Hostile', namear: 'عدائي', ...img('logo') };
    case 'contact':
      return { phone: '+971 4 000 0000', email: 'hostile@example.test' };
    case 'event':
      return {
        name: 'Hostile',
        event_cost: '10',
        location: 'Dubai',
        locationar: 'دبي',
        client_id: String(victim.client),
        ...img('event_img'),
      };
    case 'service':
      return { titel: 'Hostile', titelar: 'عدائي', dec: 'd', decar: 'د', ...img('img_ser') };
    default:
      return { sort_order: '1', ...img('img') };
  }
}

const BAD_IDS = [
  'abc',
  '-1',
  '0',
  '00',
  '01',
  '1.5',
  '1e3',
  '0x10',
  '+1',
  '%201',
  '1%20',
  '2147483648',
  '4294967296',
  '9999999999',
  '99999999999',
  '9'.repeat(40),
  'NaN',
  'Infinity',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '%00',
  '1%00',
  '%EF%BC%91',
  '%D9%A1',
  '%27%20OR%201%3D1',
  '2147483647',
];
// Every /api content resource of the registry, and the users.
const RESOURCES = [...API_RESOURCE_NAMES, 'user'];

function generate() {
  const auth = { Authorization: `Bearer ${token}`, Accept: 'application/json' };

  // Odd ids on every /api/{resource}/{id} route and method: 404 like a missing row.
  for (const resource of RESOURCES) {
    for (const id of BAD_IDS) {
      const p = `/api/${resource}/${id}`;
      const notFound = apiJson(en.errors.notFound);
      add({ category: 'bad id', label: `GET ${p}`, status: 404, check: notFound, send: () => viaFetch(p, { headers: auth }) });
      add({
        category: 'bad id',
        label: `DELETE ${p}`,
        status: 404,
        check: notFound,
        send: () => viaFetch(p, { method: 'DELETE', headers: auth }),
      });
      const body = resource === 'user' ? { is_admin: '1', mine_admin: '1' } : validBody(resource, false);
      add({
        category: 'bad id',
        label: `PUT ${p}`,
        status: 404,
        check: notFound,
        send: () => viaFetch(p, { method: 'PUT', headers: auth, body: multipart(body) }),
      });
      add({
        category: 'bad id',
        label: `POST _method=DELETE ${p}`,
        status: 404,
        check: notFound,
        send: () => viaFetch(p, { method: 'POST', headers: auth, body: multipart({ _method: 'DELETE' }) }),
      });
    }
  }

  // Control characters and over-long text in every text field, on create and on update.
  for (const [resource, fields] of Object.entries(TEXT_FIELDS)) {
    for (const field of fields) {
      for (const [name, value] of Object.entries(CONTROL_TEXT)) {
        add({
          category: 'text',
          label: `POST /api/${resource} ${field}=${name}`,
          status: 422,
          check: fieldError(field),
          send: () =>
            viaFetch(`/api/${resource}`, {
              method: 'POST',
              headers: auth,
              body: multipart({ ...validBody(resource, true), [field]: value }),
            }),
        });
        add({
          category: 'text',
          label: `PUT /api/${resource}/id ${field}=${name}`,
          status: 422,
          check: fieldError(field),
          send: () =>
            viaFetch(`/api/${resource}/${victim[resource]}`, {
              method: 'POST',
              headers: auth,
              body: multipart({ [field]: value, _method: 'PUT' }),
            }),
        });
      }
      for (const [name, value] of Object.entries(JSON_VALUES)) {
        add({
          category: 'wrong type',
          label: `PUT /api/${resource}/id JSON ${field}=${name}`,
          status: 422,
          check: fieldError(field),
          send: () =>
            viaFetch(`/api/${resource}/${victim[resource]}`, {
              method: 'PUT',
              headers: { ...auth, 'Content-Type': 'application/json' },
              body: JSON.stringify({ [field]: value }),
            }),
        });
      }
    }
  }
  // The same refusal in Arabic when the caller prefers it.
  for (const resource of Object.keys(TEXT_FIELDS)) {
    const field = TEXT_FIELDS[resource]![0]!;
    add({
      category: 'text',
      label: `PUT /api/${resource}/id ${field}=nul (ar)`,
      status: 422,
      check: (a) => {
        const shape = fieldError(field, 'ar')(a);
        if (shape) return shape;
        const errors = (JSON.parse(a.text) as { errors: Record<string, string[]> }).errors;
        return errors[field]?.[0] === ar.validation.invalidCharacters ? null : `not the Arabic message: ${errors[field]?.[0]}`;
      },
      send: () =>
        viaFetch(`/api/${resource}/${victim[resource]}`, {
          method: 'POST',
          headers: { ...auth, 'Accept-Language': 'ar,en;q=0.8' },
          body: multipart({ [field]: 'a\u0000b', _method: 'PUT' }),
        }),
    });
  }

  // Numbers out of their columns: cost numeric(12,2) above 0, client_id int4, sort_order 0-99999.
  const numberCases: [string, string, unknown][] = [];
  for (const v of [
    '0',
    '-1',
    '1e3',
    '1e309',
    'NaN',
    'Infinity',
    '0x10',
    '1.234',
    '12345678901',
    '99999999999.99',
    '١٠',
    '1,000',
    '1 0',
    '',
    ' ',
  ])
    numberCases.push(['event', 'event_cost', v]);
  for (const v of [0, -5, 1e300, 12345678901, 0.001]) numberCases.push(['event', 'event_cost', v]);
  for (const v of ['2147483648', '99999999999999999999', '-1', '0', 'abc', '1.5', '1e3', '0x10', '2147483647', '01', '', '１'])
    numberCases.push(['event', 'client_id', v]);
  for (const v of [2147483648, -1, 0, 1.5, 1e300, 2147483647, true]) numberCases.push(['event', 'client_id', v]);
  for (const v of ['100000', '-1', '1e3', '0x10', '1.5', '2147483648', 'abc', '٣']) numberCases.push(['slider', 'sort_order', v]);
  for (const v of [2147483648, -1, 1.5, 1e300, 100000]) numberCases.push(['slider', 'sort_order', v]);
  for (const [resource, field, value] of numberCases) {
    const asJson = typeof value !== 'string';
    add({
      category: 'number',
      label: `PUT /api/${resource}/id ${field}=${JSON.stringify(value)}`,
      status: 422,
      check: fieldError(field),
      send: () =>
        asJson
          ? viaFetch(`/api/${resource}/${victim[resource]}`, {
              method: 'PUT',
              headers: { ...auth, 'Content-Type': 'application/json' },
              body: JSON.stringify({ [field]: value }),
            })
          : viaFetch(`/api/${resource}/${victim[resource]}`, {
              method: 'POST',
              headers: auth,
              body: multipart({ [field]: value as string, _method: 'PUT' }),
            }),
    });
    if (!asJson)
      add({
        category: 'number',
        label: `POST /api/${resource} ${field}=${JSON.stringify(value)}`,
        status: 422,
        check: fieldError(field),
        send: () =>
          viaFetch(`/api/${resource}`, {
            method: 'POST',
            headers: auth,
            body: multipart({ ...validBody(resource, true), [field]: value as string }),
          }),
      });
  }

  // Dates: real calendar days between 1900 and 2100 only (no rollover, no year 0).
  for (const date of [
    '0000-01-01',
    '2024-02-30',
    '2023-02-29',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-01-00',
    '2024-01-32',
    '1899-12-31',
    '2101-01-01',
    '9999-12-31',
    '+002024-01-01',
    '-2024-01-01',
    '2024-1-1',
    '2024-01-01T00:00:00Z',
    '20240101',
    '2024/01/01',
    '01-01-2024',
    'tomorrow',
    '٢٠٢٤-٠١-٠١',
  ]) {
    add({
      category: 'date',
      label: `PUT /api/event/id date=${date}`,
      status: 422,
      check: fieldError('date'),
      send: () => viaFetch(`/api/event/${victim.event}`, { method: 'POST', headers: auth, body: multipart({ date, _method: 'PUT' }) }),
    });
    add({
      category: 'date',
      label: `POST /api/event date=${date}`,
      status: 422,
      check: fieldError('date'),
      send: () => viaFetch('/api/event', { method: 'POST', headers: auth, body: multipart({ ...validBody('event', true), date }) }),
    });
  }

  // User flags: only clear yes/no values.
  for (const value of ['yes', 'no', '2', 'on', '', 'true ', 'TRUE', '-1', 'null']) {
    for (const field of ['is_admin', 'mine_admin']) {
      const other = field === 'is_admin' ? 'mine_admin' : 'is_admin';
      add({
        category: 'flags',
        label: `PUT /api/user/id ${field}=${JSON.stringify(value)}`,
        status: 422,
        check: fieldError(field),
        send: () =>
          viaFetch(`/api/user/${victimUser}`, {
            method: 'POST',
            headers: auth,
            body: multipart({ [field]: value, [other]: '0', _method: 'PUT' }),
          }),
      });
    }
  }
  for (const value of [null, {}, [], 2, -1, 0.5, 'yes'] as unknown[]) {
    add({
      category: 'flags',
      label: `PUT /api/user/id JSON is_admin=${JSON.stringify(value)}`,
      status: 422,
      check: fieldError('is_admin'),
      send: () =>
        viaFetch(`/api/user/${victimUser}`, {
          method: 'PUT',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ is_admin: value, mine_admin: 0 }),
        }),
    });
  }

  // Registration and sign-in: over-long and odd input is a 422 before any lookup or rate-limit key.
  const longEmail = `${'a'.repeat(3000)}@example.test`;
  const registerCases: [string, Record<string, unknown>, string][] = [
    ['name nul', { name: 'a\u0000b' }, 'name'],
    ['name c1', { name: 'a\u0085' }, 'name'],
    ['name long', { name: 'n'.repeat(5000) }, 'name'],
    ['name object', { name: { a: 1 } }, 'name'],
    ['email long', { email: longEmail }, 'email'],
    ['email 255', { email: `${'a'.repeat(243)}@example.test` }, 'email'],
    ['email nul', { email: 'a\u0000@example.test' }, 'email'],
    ['email array', { email: ['a@example.test'] }, 'email'],
    ['email number', { email: 42 }, 'email'],
    ['password long', { password: 'p'.repeat(10_000), password_confirmation: 'p'.repeat(10_000) }, 'password'],
    ['password object', { password: {}, password_confirmation: {} }, 'password'],
  ];
  for (const [name, override, field] of registerCases) {
    add({
      category: 'register',
      label: `POST /api/register ${name}`,
      status: 422,
      check: fieldError(field),
      send: () =>
        viaFetch('/api/register', {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify({
            name: 'N',
            email: `${unique('reg')}@example.test`,
            password: 'long enough pw',
            password_confirmation: 'long enough pw',
            ...override,
          }),
        }),
    });
  }
  const loginCases: [string, Record<string, unknown>, string][] = [
    ['email 3 KB', { email: longEmail, password: 'x' }, 'email'],
    ['email 10 KB', { email: 'e'.repeat(10_000), password: 'x' }, 'email'],
    ['email 255', { email: `${'a'.repeat(243)}@example.test`, password: 'x' }, 'email'],
    ['email nul', { email: 'a\u0000@example.test', password: 'x' }, 'email'],
    ['email esc', { email: '\u001b@example.test', password: 'x' }, 'email'],
    ['email object', { email: { $ne: '' }, password: 'x' }, 'email'],
    ['email array', { email: ['a@example.test'], password: 'x' }, 'email'],
    ['email number', { email: 1, password: 'x' }, 'email'],
    ['email missing', { password: 'x' }, 'email'],
    ['password missing', { email: 'a@example.test' }, 'password'],
    ['password 10 KB', { email: 'a@example.test', password: 'p'.repeat(10_000) }, 'password'],
    ['password object', { email: 'a@example.test', password: { $gt: '' } }, 'password'],
  ];
  for (const [name, body, field] of loginCases) {
    add({
      category: 'sign-in',
      label: `POST /api/login JSON ${name}`,
      status: 422,
      check: fieldError(field),
      send: () =>
        viaFetch('/api/login', {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
    });
    const strings = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    if (Object.keys(strings).length === Object.keys(body).length)
      add({
        category: 'sign-in',
        label: `POST /api/login form ${name} (ar)`,
        status: 422,
        check: fieldError(field, 'ar'),
        send: () =>
          viaFetch('/api/login', {
            method: 'POST',
            headers: { Accept: 'application/json', 'Accept-Language': 'ar' },
            body: multipart(strings),
          }),
      });
  }

  // Odd Authorization headers: 401, nothing done.
  const AUTHS = [
    'Bearer ',
    'Bearer null',
    'Bearer undefined',
    'Bearer 1|x',
    'Bearer 99999999999|abc',
    'Bearer 2147483648|abc',
    'Bearer -1|abc',
    'Bearer 1e3|abc',
    'Bearer 0x1|abc',
    'Bearer |',
    'Bearer ||||',
    `Bearer ${'a'.repeat(8000)}`,
    'Basic YWRtaW46YWRtaW4=',
    'bearer',
    `Bearer ${token.split('|')[0]}|wrong`,
  ];
  for (const authorization of AUTHS) {
    const headers = { Accept: 'application/json', Authorization: authorization };
    const unauth = apiJson(en.errors.unauthenticated);
    const label = authorization.length > 40 ? `${authorization.slice(0, 20)}…` : authorization;
    add({
      category: 'auth',
      label: `GET /api/team [${label}]`,
      status: 401,
      check: unauth,
      send: () => viaFetch('/api/team', { headers }),
    });
    add({
      category: 'auth',
      label: `GET /api/user [${label}]`,
      status: 401,
      check: unauth,
      send: () => viaFetch('/api/user', { headers }),
    });
    add({
      category: 'auth',
      label: `POST /api/client [${label}]`,
      status: 401,
      check: unauth,
      send: () => viaFetch('/api/client', { method: 'POST', headers, body: multipart(validBody('client', true)) }),
    });
    add({
      category: 'auth',
      label: `DELETE /api/team/id [${label}]`,
      status: 401,
      check: unauth,
      send: () => viaFetch(`/api/team/${victim.team}`, { method: 'DELETE', headers }),
    });
    add({
      category: 'auth',
      label: `PUT /api/user/id [${label}]`,
      status: 401,
      check: unauth,
      send: () =>
        viaFetch(`/api/user/${victimUser}`, {
          method: 'POST',
          headers,
          body: multipart({ is_admin: '1', mine_admin: '1', _method: 'PUT' }),
        }),
    });
  }

  // Bad JSON and wrong content types.
  const BODIES: [string, string, string, number][] = [
    ['broken JSON', 'application/json', '{', 400],
    ['truncated JSON', 'application/json', '{"name":', 400],
    ['JSON with trailing text', 'application/json', '{"a":1}x', 400],
    ['NUL as JSON', 'application/json', '\u0000', 400],
    ['JSON array', 'application/json', '[1,2]', 422],
    ['JSON null', 'application/json', 'null', 422],
    ['JSON string', 'application/json', '"x"', 422],
    ['JSON number', 'application/json', '1', 422],
    ['multipart without boundary', 'multipart/form-data', 'x', 400],
    ['multipart garbage', 'multipart/form-data; boundary=zz', 'garbage', 400],
    ['text/plain', 'text/plain', 'name=x', 422],
    ['xml', 'application/xml', '<name>x</name>', 422],
    ['no content type', '', 'name=x', 422],
  ];
  const BODY_TARGETS: [string, string][] = [
    ['POST', '/api/team'],
    ['POST', '/api/event'],
    ['POST', '/api/register'],
    ['POST', '/api/login'],
    ['PUT', `/api/user/{user}`],
    ['POST', '/api/service'],
  ];
  for (const [method, target] of BODY_TARGETS) {
    for (const [name, type, body, status] of BODIES) {
      add({
        category: 'body',
        label: `${method} ${target} ${name}`,
        status,
        check: apiJson(),
        send: () => {
          const p = target.replace('{user}', String(victimUser));
          return viaRaw(
            method,
            p,
            { ...auth, ...(type ? { 'Content-Type': type } : {}), 'Content-Length': String(Buffer.byteLength(body)) },
            body,
          );
        },
      });
    }
  }

  // Methods outside the seven: 405 (JSON with CORS on /api), on the API, pages, media and assets.
  const ODD_METHODS = [
    'TRACE',
    'PROPFIND',
    'PROPPATCH',
    'MKCOL',
    'COPY',
    'MOVE',
    'LOCK',
    'UNLOCK',
    'PURGE',
    'SEARCH',
    'REPORT',
    'LINK',
    'UNLINK',
    'MKCALENDAR',
    'ACL',
    'NOTIFY',
    'SUBSCRIBE',
  ].filter((m) => http.METHODS.includes(m));
  const METHOD_PATHS = [
    '/api/team',
    '/api/team/1',
    '/api/login',
    '/api/home',
    '/api',
    '/',
    '/ar',
    '/LogIn',
    '/Admin',
    '/sliderimges/x.jpg',
    '/_next/static/x.js',
    '/robots.txt',
  ];
  for (const method of ODD_METHODS) {
    for (const p of METHOD_PATHS) {
      const api = p.startsWith('/api');
      add({
        category: 'method',
        label: `${method} ${p}`,
        status: 405,
        check: api
          ? apiJson(en.errors.methodNotAllowed)
          : (a) => (a.text === en.errors.methodNotAllowed ? null : `body ${a.text.slice(0, 80)}`),
        send: () => viaRaw(method, p, { Accept: 'application/json' }),
      });
    }
  }

  // /api paths Next would not route as the API: JSON 404 with CORS, whatever the method.
  const ODD_PATHS = [
    '/api',
    '/api/',
    '/api//',
    '/api?x=1',
    '/api/?x=1',
    '/api/team/',
    '/api/team//',
    '/api//team',
    '/api/team//1',
    '/api/./team',
    '/api/../api/team',
    '/api/%2e%2e/x',
    '/api/%2E%2E/team',
    '/api/%2e/team',
    '/api/team/%2e',
    '/api/team/%2e%2e',
    '/api/team/1/%2e%2e',
    '/api/team/1/x/',
    '/api/%2fteam',
    '/api/team%2f1',
    '/api/%',
    '/api/%zz',
    '/api/team/%00',
    '/api/%5c..%5cx',
    '/api/home/',
    '/api/login/',
    '/api/user/1/',
  ];
  for (const p of ODD_PATHS) {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS']) {
      add({
        category: 'path',
        label: `${method} ${p}`,
        status: method === 'OPTIONS' ? 204 : 404,
        check: method === 'HEAD' || method === 'OPTIONS' ? (a) => (a.cors === '*' ? null : 'no CORS') : apiJson(en.errors.notFound),
        send: () =>
          viaRaw(
            method,
            p,
            method === 'POST' || method === 'PUT' ? { ...auth, 'Content-Type': 'application/json', 'Content-Length': '2' } : auth,
            method === 'POST' || method === 'PUT' ? '{}' : undefined,
          ),
      });
    }
  }
  add({
    category: 'path',
    label: 'GET /api (ar)',
    status: 404,
    check: apiJson(ar.errors.notFound),
    send: () => viaRaw('GET', '/api', { 'Accept-Language': 'ar' }),
  });

  // Pages: odd ids in the back office's edit screens (the one id parser) and odd page paths.
  for (const edit of ['EditSlider', 'Team', 'Service', 'ContactUpdate', 'Event', 'Client']) {
    // A segment that cannot be an id is no back-office path: 404 before anything streams (issue 27).
    // An id that could be one is looked up by the screen, which streams (its loading screen is
    // sent first), so the status is already 200 when it finds nothing: the not-found screen is in the body.
    for (const id of ['abc', '0', '01', '-1', '1e3', '2147483648', '99999999999', '%00', '2147483647'])
      add({
        category: 'page',
        label: `GET /Admin/${edit}/${id}`,
        status: parseId(decodeURIComponent(id)) ? 200 : 404,
        check: (a) =>
          a.text.includes('data-testid="not-found"') || a.text.includes(en.notFound.title)
            ? null
            : `no not-found screen: ${a.text.slice(-300)}`,
        send: () => viaRaw('GET', `/Admin/${edit}/${id}`, { Cookie: cookie }),
      });
  }
  for (const p of ['/%00', '/TheTeam/%00', '/no-such-page', '/ar/no-such-page', `/${'x'.repeat(2000)}`])
    add({ category: 'page', label: `GET ${p}`, status: 404, send: () => viaRaw('GET', p) });
  for (const p of ['/%ff', '/ar/%E0%A4%A', '/%', '/Services/%zz', '/sliderimges/%ff.jpg'])
    add({
      category: 'page',
      label: `GET ${p} (not percent-encoding)`,
      status: 400,
      check: (a) => (a.text === en.errors.badRequest ? null : `body ${a.text.slice(0, 80)}`),
      send: () => viaRaw('GET', p),
    });

  // Media routes: odd names, folders and crops.
  const MEDIA: [string, number][] = [
    ['/sliderimges/x', 404],
    ['/sliderimges/missing.jpg', 404],
    ['/sliderimges/..%2f..%2fpackage.json', 404],
    ['/sliderimges/%00.jpg', 404],
    ['/sliderimges/%2e%2e%2f.env', 404],
    [`/sliderimges/${'a'.repeat(2000)}.jpg`, 404],
    ['/nope/x.jpg', 404],
    ['/media/nope/x.jpg', 404],
    ['/teamimges/x.exe', 404],
    ['/clientimges/.jpg', 404],
    ['/servimges/x.JPG%00.png', 404],
    ['/contactimges/a%2fb.jpg', 404],
  ];
  for (const crop of [
    '',
    'x',
    'portrait%00',
    'PORTRAIT',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'portrait%20',
    'landscape',
  ])
    MEDIA.push([`/sliderimges/{img}?crop=${crop}`, 400]);
  for (const [p, status] of MEDIA) {
    for (const lang of ['en', 'ar'] as const) {
      add({
        category: 'media',
        label: `GET ${p.slice(0, 60)} (${lang})`,
        status,
        check: (a) => {
          const expected = (lang === 'en' ? en : ar).errors[status === 400 ? 'unknownCrop' : 'notFound'];
          return a.text === expected || p.startsWith('/nope') ? null : `body ${a.text.slice(0, 80)}`;
        },
        send: () => viaRaw('GET', p.replace('{img}', storedImage), { 'Accept-Language': lang }),
      });
    }
  }

  // Every admin server action with odd arguments and a real Admin session: a bad request, never
  // the unexpected-error path.
  const form = () => multipart({ nameEn: 'Hostile', detailsEn: 'd', jobTitleEn: 'j' });
  const action = (name: string, args: unknown[], code: string, category = 'action') =>
    add({
      category,
      // A form shown by its fields (the hidden ones name what it is about).
      label: `${name}(${JSON.stringify(args, (_k, v) => (v instanceof FormData ? Object.fromEntries([...v.entries()].map(([k, x]) => [k, typeof x === 'string' ? x.slice(0, 20) : 'File'])) : v)).slice(0, 120)})`,
      status: 200,
      check: actionError(code),
      send: async () => {
        const r = await invokeWith(name, args, { cookie });
        return { status: r.status, text: r.text, type: '', cors: null };
      },
    });
  const ODD_AREAS: unknown[] = [
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'users',
    '',
    'Team',
    'TEAM',
    'team ',
    null,
    1,
    {},
    [],
    true,
  ];
  // One `(prevState, formData)` action per form (issue 36): the area and item are the form's hidden
  // fields, checked as arguments are. Each odd one is refused, called as the form's script calls it
  // and posted as the browser posts it (no `js`: the refusal comes back as the form's state).
  for (const area of ODD_AREAS) {
    const itemArea = String(area);
    action('saveItem', formCall({ itemArea, itemId: null }, form()), 'badRequest');
    action('deleteItem', formCall({ itemArea, itemId: victim.team! }), 'badRequest');
    action('saveItem', [null, multipart({ itemArea, nameEn: 'Hostile', jobTitleEn: 'j' })], 'badRequest');
  }
  // Anything but a form, and the arguments of the old bound calls (area, id, form).
  for (const notForm of [null, 'x', {}, [], 1])
    for (const name of ['saveItem', 'deleteItem', 'saveSettings', 'saveUserFlags', 'deleteUser'])
      action(name, [null, notForm], 'badRequest');
  action('saveItem', ['team', null, form()], 'badRequest');
  action('saveItem', ['team'], 'badRequest');
  action('deleteItem', ['team', victim.team], 'badRequest');
  action('deleteItem', [], 'badRequest');
  action('saveUserFlags', [victimUser, false, false], 'badRequest');
  action('deleteUser', [victimUser], 'badRequest');
  action('deleteUser', [], 'badRequest');
  const ODD_FORM_IDS = ['abc', '-1', '0', '1.5', '2147483648', '1e300', '__proto__', '01', ' 1', '[object Object]', 'true'];
  for (const id of ODD_FORM_IDS) {
    action('saveItem', formCall({ itemArea: 'team', itemId: id }, form()), 'badRequest');
    action('saveItem', [null, multipart({ itemArea: 'team', itemId: id, nameEn: 'Hostile', jobTitleEn: 'j' })], 'badRequest');
    action('deleteItem', formCall({ itemArea: 'team', itemId: id }), 'badRequest');
    action('saveUserFlags', formCall({ userId: id }), 'badRequest');
    action('deleteUser', formCall({ userId: id }), 'badRequest');
  }
  // Issue 37's testimonials: words take no markup and no script or data link, the project is a
  // project's address and nothing else (no way to a page of another site), the client one that is.
  const testimonial = {
    itemArea: 'testimonials',
    itemId: null,
    quoteEn: 'Great.',
    quoteAr: 'رائع.',
    personEn: 'P',
    clientId: victim.client!,
  };
  for (const [field, value] of [
    ['quoteEn', '<script>alert(1)</script>'],
    ['quoteAr', '<iframe src="https://example.com"></iframe>'],
    ['personEn', '<img src=x onerror="alert(1)">'],
    ['personAr', '<p style="position:fixed">x</p>'],
    ['roleEn', 'javascript:alert(1)'],
    ['roleAr', 'data:text/html;base64,PHNjcmlwdD4='],
    ['projectSlug', 'javascript:alert(1)'],
    ['projectSlug', 'https://evil.example/Projects/'],
    ['projectSlug', '//evil.example'],
    ['clientId', '__proto__'],
    ['clientId', '2147483647'],
    ['serviceIds', 'x'],
  ] as const)
    action('saveItem', formCall({ ...testimonial, [field]: value }), 'invalid');
  // A delete names an item; an account's forms name the account.
  action('deleteItem', itemCall('team', null), 'badRequest');
  action('deleteUser', formCall(), 'badRequest');
  action('saveUserFlags', formCall({ isMiniAdmin: '1' }), 'badRequest');
  // A role's box is ticked ("1") or not sent: any other value is no form of ours.
  for (const flag of ['yes', '0', 'true', 'on', '', '1 ', '\u0000', new Blob(['1'])]) {
    action('saveUserFlags', userCall(victimUser, { isAdmin: flag }), 'badRequest');
    action('saveUserFlags', userCall(victimUser, { isMiniAdmin: flag }), 'badRequest');
  }
  // Issue 26's form actions (people, passwords, sessions), each on a page that offers it: anything
  // but a form is a bad request; hostile fields get the field's own words; nothing runs unexpectedly.
  const ACCOUNT_ACTIONS: [string, string][] = [
    ['requestPasswordReset', '/ForgotPassword'],
    ['resetPasswordWithLink', '/ResetPassword'],
    ['acceptInvite', '/Invitation'],
    // Issue 35: the first start's set-up link, and renaming oneself.
    ['createFirstAdmin', '/Setup'],
    ['changeOwnPassword', '/Admin/Account'],
    ['renameSelf', '/Admin/Account'],
    ['signOutSession', '/Admin/Account'],
    ['signOutOtherSessions', '/Admin/Account'],
    ['makeResetLink', '/Admin/Users'],
    ['inviteUser', '/Admin/Users'],
    ['approveUser', '/Admin/Users'],
    ['rejectUser', '/Admin/Users'],
    ['setSignupMode', '/Admin/Users'],
    // Backups (issue 33): nothing is requested or linked for a call that is not the form.
    ['requestBackupNow', '/Admin/Backups'],
    ['downloadBackup', '/Admin/Backups'],
    // Redirects (issue 37): nothing saved or deleted for a call that is not the form.
    ['saveRedirectForm', '/Admin/Redirects/New'],
    ['deleteRedirectForm', '/Admin/Redirects/1'],
    ['savePageSeoForm', '/Admin/Seo/home'],
  ];
  const accountAction = (name: string, page: string, args: unknown[], code: string) =>
    add({
      category: 'account action',
      label: `${name}(${JSON.stringify(args, (_k, v) => (v instanceof FormData ? 'FormData' : v)).slice(0, 60)})`,
      status: 200,
      check: actionError(code),
      send: async () => {
        const r = await invokeWith(name, args, { cookie, page });
        return { status: r.status, text: r.text, type: '', cors: null };
      },
    });
  for (const [name, page] of ACCOUNT_ACTIONS)
    for (const notForm of [null, 'x', {}, [], 1]) accountAction(name, page, [null, notForm], 'badRequest');
  // Revoking an invitation (issue 34): a hostile id revokes nothing; the Users screen says so.
  for (const invitationId of ['abc', '-1', '0', '1e9', '1.5', '__proto__', '9'.repeat(400), '\u0000', ''])
    add({
      category: 'account action',
      label: `revokeInvite(${JSON.stringify(invitationId).slice(0, 40)})`,
      status: 200,
      check: (a) => (a.text.includes('failed=revoke&reason=notFound') ? null : `expected the notFound redirect: ${a.text.slice(0, 200)}`),
      send: async () => {
        const r = await invokeWith('revokeInvite', [multipart({ invitationId, locale: 'en' })], { cookie, page: '/Admin/Users' });
        return { status: r.status, text: r.redirect, type: '', cors: null };
      },
    });
  const longText = 'p'.repeat(10_000);
  accountAction('requestPasswordReset', '/ForgotPassword', [null, multipart({ email: `${'a'.repeat(3000)}@example.test` })], 'invalid');
  accountAction('requestPasswordReset', '/ForgotPassword', [null, multipart({ email: 'a\u0000@example.test' })], 'invalid');
  accountAction(
    'resetPasswordWithLink',
    '/ResetPassword',
    [null, multipart({ token: longText, password: longText, passwordConfirmation: longText })],
    'linkExpired',
  );
  accountAction(
    'acceptInvite',
    '/Invitation',
    [null, multipart({ token: '__proto__', name: 'x', password: 'x', passwordConfirmation: 'x' })],
    'linkExpired',
  );
  accountAction(
    'createFirstAdmin',
    '/Setup',
    [null, multipart({ token: '__proto__', name: 'x', email: 'x@example.test', password: 'x', passwordConfirmation: 'x' })],
    'linkExpired',
  );
  accountAction('createFirstAdmin', '/Setup', [null, multipart({ token: longText, name: longText, email: longText })], 'linkExpired');
  accountAction('renameSelf', '/Admin/Account', [null, multipart({ name: longText })], 'invalid');
  accountAction('renameSelf', '/Admin/Account', [null, multipart({ name: 'a\u0000b' })], 'invalid');
  accountAction(
    'changeOwnPassword',
    '/Admin/Account',
    [null, multipart({ currentPassword: longText, password: longText, passwordConfirmation: longText })],
    'invalid',
  );
  for (const tokenId of ['abc', '-1', '0', '1.5', '2147483648', '__proto__', ''])
    accountAction('signOutSession', '/Admin/Account', [null, multipart({ tokenId })], 'notFound');
  for (const userId of ['abc', '-1', '2147483648', '__proto__'])
    for (const name of ['makeResetLink', 'approveUser', 'rejectUser'])
      accountAction(name, '/Admin/Users', [null, multipart({ userId, role: 'mini', locale: 'en' })], 'notFound');
  accountAction('inviteUser', '/Admin/Users', [null, multipart({ email: 'a\u0000@example.test', role: 'mini' })], 'invalid');
  accountAction('inviteUser', '/Admin/Users', [null, multipart({ email: 'x@example.test', role: '__proto__' })], 'invalid');
  accountAction('setSignupMode', '/Admin/Users', [null, multipart({ signup: 'closed' })], 'invalid');
  for (const run of ['abc', '-1', '0', '1.5', '2147483648', '__proto__', ''])
    accountAction('downloadBackup', '/Admin/Backups', [null, multipart({ run, locale: 'en', js: '1' })], 'notFound');
  // Well-formed arguments with hostile fields: the entity's own 422 (field errors), nothing stored.
  for (const field of ['nameEn', 'nameAr', 'detailsEn', 'jobTitleEn']) {
    for (const [name, value] of Object.entries(CONTROL_TEXT)) {
      action(
        'saveItem',
        itemCall('team', null, multipart({ nameEn: 'Hostile', detailsEn: 'd', jobTitleEn: 'j', image, [field]: value })),
        'invalid',
        'action fields',
      );
      if (name === 'nul') action('saveItem', itemCall('team', victim.team!, multipart({ [field]: value })), 'invalid', 'action fields');
    }
  }
  for (const [field, value] of [
    ['date', '2024-02-30'],
    ['date', '0000-01-01'],
    ['cost', '1e309'],
    ['clientId', '2147483648'],
    ['clientId', 'abc'],
    ['cost', '12345678901'],
  ] as [string, string][])
    action('saveItem', itemCall('events', victim.event!, multipart({ [field]: value })), 'invalid', 'action fields');
  for (const id of [2147483647, 1_000_000_000]) {
    action('deleteItem', itemCall('team', id), 'notFound');
    action('deleteUser', userCall(id), 'notFound');
    action('saveUserFlags', userCall(id, { isMiniAdmin: '1' }), 'notFound');
  }

  // The sign-in action with odd input: refused as invalid, never the unexpected-error path.
  const refusedSignIn = (a: Answer) =>
    a.text.includes('"ok":false') && !a.text.includes('"error":"server"') ? null : `sign-in action: ${a.text.slice(0, 200)}`;
  for (const [name, email, password] of [
    ['email 3 KB', `${'a'.repeat(3000)}@example.test`, 'x'],
    ['email nul', 'a\u0000@example.test', 'x'],
    ['password 10 KB', 'a@example.test', 'p'.repeat(10_000)],
    ['empty', '', ''],
  ] as const)
    add({
      category: 'sign-in',
      label: `login action ${name}`,
      status: 200,
      check: refusedSignIn,
      send: async () => {
        const r = await invokeWith('login', [null, multipart({ email, password, js: '1' })], { page: '/LogIn' });
        return { status: r.status, text: r.text, type: '', cors: null };
      },
    });

  // Broken action calls: a body React's decoder cannot read, an unknown action id.
  const rawAction = (
    label: string,
    actionId: string,
    type: string,
    body: string,
    status: number,
    check?: Probe['check'],
    page = '/Admin',
  ) =>
    add({
      category: 'action',
      label,
      status,
      check,
      send: () =>
        viaRaw(
          'POST',
          page,
          {
            'Next-Action': actionId,
            Accept: 'text/x-component',
            Origin: ORIGIN,
            Cookie: cookie,
            'Content-Type': type,
            'Content-Length': String(Buffer.byteLength(body)),
          },
          body,
        ),
    });
  // Bodies React's decoder cannot parse, or that are no argument list: Next's 500 becomes a 400
  // (server/main.ts, which reads Next's answer); nothing runs.
  const multipartBody = (root: string) => `--hostile\r\nContent-Disposition: form-data; name="0"\r\n\r\n${root}\r\n--hostile--\r\n`;
  for (const [label, type, body] of [
    ['broken JSON', 'text/plain;charset=UTF-8', '{broken'],
    ['a JSON string', 'text/plain;charset=UTF-8', '"not a list"'],
    ['truncated JSON', 'text/plain;charset=UTF-8', '[1,2'],
    ['broken JSON in multipart', 'multipart/form-data; boundary=hostile', multipartBody('[broken')],
    [
      'a truncated multipart body',
      'multipart/form-data; boundary=hostile',
      '--hostile\r\nContent-Disposition: form-data; name="0"\r\n\r\n["team"',
    ],
  ] as const) {
    // Each action where its page offers it (Next answers 409 for an action the page does not use).
    for (const [name, page] of [
      ['saveItem', '/Admin/CreateTeam'],
      ['deleteItem', '/Admin/Teams'],
      ['saveUserFlags', '/Admin/Users'],
      ['deleteUser', '/Admin/Users'],
      ['logout', '/Admin'],
      ['login', '/LogIn'],
      ['register', '/SignUp'],
      ['restoreEntry', '/Admin/Activity'],
    ] as const) {
      rawAction(`${name} with ${label}`, ACTIONS[name]!, type, body, 400, undefined, page);
    }
  }
  const badRequest = actionError('badRequest');
  const deletePage = screenOf('deleteItem');
  rawAction('deleteItem with a non-array body', ACTIONS.deleteItem!, 'text/plain;charset=UTF-8', '{"a":1}', 200, badRequest, deletePage);
  rawAction(
    'deleteItem with a dangling form reference',
    ACTIONS.deleteItem!,
    'text/plain;charset=UTF-8',
    '["$K1"]',
    200,
    badRequest,
    deletePage,
  );
  // Next's own answers: 409 "Server Action unavailable." and 400 "Invalid Server Action request.".
  rawAction('an unknown action id', 'f'.repeat(42), 'text/plain;charset=UTF-8', '[]', 409);
  rawAction('an over-long action id', 'f'.repeat(5000), 'text/plain;charset=UTF-8', '[]', 400);
  // Unsafe methods on pages from the same site, with no action: nothing to do there.
  const notAllowed = (a: Answer) => (a.text === en.errors.methodNotAllowed ? null : `body ${a.text.slice(0, 80)}`);
  for (const p of ['/', '/ar', '/Admin', '/Admin/Teams', '/LogIn', '/sliderimges/x.jpg', '/robots.txt']) {
    for (const method of ['PUT', 'PATCH', 'DELETE'])
      add({
        category: 'method',
        label: `${method} ${p} (same site)`,
        status: 405,
        check: notAllowed,
        send: () => viaRaw(method, p, { Origin: ORIGIN, Cookie: cookie, 'Content-Length': '0' }),
      });
    add({ category: 'method', label: `OPTIONS ${p}`, status: 204, send: () => viaRaw('OPTIONS', p, { Origin: ORIGIN }) });
  }

  // Cross-site calls of every action (and of a plain form post to a page): 403 before Next.
  const FOREIGN = [
    'http://evil.example',
    `https://${url.host}`,
    'null',
    `http://127.0.0.1:${Number(url.port) + 1}`,
    `http://localhost:${url.port}`,
    `http://${url.host}.evil.example`,
    'not a url',
  ];
  const crossSite = (a: Answer) => (a.text === en.errors.crossOrigin ? null : `body ${a.text.slice(0, 80)}`);
  for (const origin of FOREIGN) {
    for (const [name, args] of [
      ['saveItem', itemCall('team', null, form())],
      ['deleteItem', itemCall('team', victim.team!)],
      ['saveUserFlags', userCall(victimUser, { isAdmin: '1', isMiniAdmin: '1' })],
      ['deleteUser', userCall(victimUser)],
      ['login', [null, multipart({ email: 'a@example.test', password: 'x' })]],
      [
        'register',
        [
          null,
          multipart({
            name: 'x',
            email: `${unique('x')}@example.test`,
            password: 'long enough pw',
            passwordConfirmation: 'long enough pw',
          }),
        ],
      ],
      ['logout', []],
      // Two-factor sign-in (issue 26, item 4): the code step and the account's and the Admins' forms.
      ['loginWithCode', [null, multipart({ code: '123456' })]],
      ['confirmTwoFactor', [null, multipart({ code: '123456' })]],
      ['turnOffTwoFactor', [null, multipart({ proof: 'x' })]],
      ['resetTwoFactor', [null, multipart({ userId: String(victimUser) })]],
      ['saveTwoFactorSetting', [null, multipart({ twoFactorPolicy: 'everyone' })]],
      ['restoreEntry', [multipart({ entry: '1', locale: 'en' })]],
    ] as [string, unknown[]][]) {
      add({
        category: 'cross-site',
        label: `${name} from ${origin}`,
        status: 403,
        check: crossSite,
        send: async () => {
          const r = await invokeWith(name, args, { cookie, headers: { Origin: origin } });
          return { status: r.status, text: r.text, type: '', cors: null };
        },
      });
    }
    add({
      category: 'cross-site',
      label: `form post /LogIn from ${origin}`,
      status: 403,
      check: crossSite,
      send: () =>
        viaFetch('/LogIn', {
          method: 'POST',
          headers: { Origin: origin, Cookie: cookie },
          body: multipart({ email: 'a@example.test', password: 'x' }),
        }),
    });
  }
  add({
    category: 'cross-site',
    label: 'deleteItem with Sec-Fetch-Site: cross-site',
    status: 403,
    check: crossSite,
    send: async () => {
      const r = await invokeWith('deleteItem', itemCall('team', victim.team!), { cookie, headers: { 'Sec-Fetch-Site': 'cross-site' } });
      return { status: r.status, text: r.text, type: '', cors: null };
    },
  });
  // Forwarded scheme and host count only from a trusted proxy (TRUST_PROXY_HOPS); untrusted, a
  // spoofed pair naming the attacker's site does not make its Origin "same-origin".
  const trusted = Number(process.env.TRUST_PROXY_HOPS || 0) > 0;
  add({
    category: 'cross-site',
    label: `deleteItem with forwarded headers (${trusted ? 'trusted: https claimed for an http Origin' : 'untrusted: spoofed to match the Origin'})`,
    status: 403,
    check: crossSite,
    send: async () => {
      const headers = trusted
        ? { Origin: ORIGIN, 'X-Forwarded-Host': url.host, 'X-Forwarded-Proto': 'https' }
        : { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };
      const r = await invokeWith('deleteItem', itemCall('team', victim.team!), { cookie, headers });
      return { status: r.status, text: r.text, type: '', cors: null };
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Snapshots: every content and account row, and every stored file.

async function snapshotRows() {
  const [team, clients, contacts, events, services, slides, users, tokens, testimonials] = await Promise.all([
    testDb.teamMember.findMany({ orderBy: { id: 'asc' } }),
    testDb.client.findMany({ orderBy: { id: 'asc' } }),
    testDb.contact.findMany({ orderBy: { id: 'asc' } }),
    testDb.event.findMany({ orderBy: { id: 'asc' } }),
    testDb.service.findMany({ orderBy: { id: 'asc' } }),
    testDb.slide.findMany({ orderBy: { id: 'asc' } }),
    testDb.user.findMany({ orderBy: { id: 'asc' } }),
    // last_used_at is bookkeeping written on use (at most every 5 minutes); whether a token exists is what matters.
    testDb.apiToken.findMany({ orderBy: { id: 'asc' }, omit: { lastUsedAt: true } }),
    testDb.testimonial.findMany({ orderBy: { id: 'asc' } }),
  ]);
  return { team, clients, contacts, events, services, slides, users, tokens, testimonials };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

async function runAll(list: Probe[], concurrency: number) {
  const results: { probe: Probe; answer?: Answer; error?: string }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < list.length) {
        const probe = list[next++]!;
        try {
          results.push({ probe, answer: await probe.send() });
        } catch (error) {
          results.push({ probe, error: String(error) });
        }
      }
    }),
  );
  return results;
}

const uploadsDir = process.env.UPLOADS_DIR!;

beforeAll(async () => {
  const admin = await makeUser('admin');
  cookie = await sessionCookie(admin.email);
  token = (await userWithToken('admin')).token!;
  victimUser = (await makeUser('mini')).id;
  image = await imageFile('hostile.jpg', 'jpeg', 16);
  const [team, client, contact, event, service, slide] = await Promise.all([
    testDb.teamMember.findFirstOrThrow(),
    testDb.client.findFirstOrThrow(),
    testDb.contact.findFirstOrThrow(),
    testDb.event.findFirstOrThrow(),
    testDb.service.findFirstOrThrow(),
    testDb.slide.findFirstOrThrow(),
  ]);
  Object.assign(victim, { team: team.id, client: client.id, contact: contact.id, event: event.id, service: service.id, slider: slide.id });
  storedImage = slide.image;
  generate();
});
afterAll(() => testDb.$disconnect());

describe('hostile input', () => {
  it(
    '1,000+ generated client mistakes: each the exact 4xx, 0 answers 5xx, 0 rows changed, 0 files left',
    { timeout: 180_000 },
    async () => {
      expect(probes.length).toBeGreaterThanOrEqual(1000);
      const rowsBefore = await snapshotRows();
      const filesBefore = await listFiles(uploadsDir);
      const started = Date.now();
      const results = await runAll(probes, 4);
      const seconds = (Date.now() - started) / 1000;
      const rowsAfter = await snapshotRows();
      const filesAfter = await listFiles(uploadsDir);

      const byStatus = new Map<string, number>();
      const byCategory = new Map<string, number>();
      const failures: string[] = [];
      let serverErrors = 0;
      for (const { probe, answer, error } of results) {
        byCategory.set(probe.category, (byCategory.get(probe.category) ?? 0) + 1);
        const status = answer ? String(answer.status) : 'no answer';
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
        if (!answer) {
          failures.push(`${probe.label}: ${error}`);
          continue;
        }
        if (answer.status >= 500) {
          serverErrors += 1;
          failures.unshift(`${probe.label}: ${answer.status} ${answer.text.slice(0, 160)}`);
          continue;
        }
        if (answer.status !== probe.status)
          failures.push(`${probe.label}: ${answer.status} (expected ${probe.status}) ${answer.text.slice(0, 160)}`);
        else {
          const problem = probe.check?.(answer);
          if (problem) failures.push(`${probe.label}: ${problem}`);
        }
      }
      const changedTables = Object.keys(rowsBefore).filter(
        (k) => JSON.stringify(rowsBefore[k as keyof typeof rowsBefore]) !== JSON.stringify(rowsAfter[k as keyof typeof rowsAfter]),
      );
      const newFiles = filesAfter.filter((f) => !filesBefore.includes(f));
      const goneFiles = filesBefore.filter((f) => !filesAfter.includes(f));
      console.log(
        [
          `[hostile] ${results.length} requests in ${seconds.toFixed(1)} s`,
          `[hostile] by status: ${[...byStatus]
            .sort()
            .map(([s, n]) => `${s}: ${n}`)
            .join(', ')}`,
          `[hostile] by category: ${[...byCategory].map(([c, n]) => `${c}: ${n}`).join(', ')}`,
          `[hostile] 5xx: ${serverErrors}, unexpected answers: ${failures.length}, tables changed: ${changedTables.length}, files left: ${newFiles.length}, files lost: ${goneFiles.length}`,
        ].join('\n'),
      );
      expect(failures.slice(0, 40)).toEqual([]);
      expect(serverErrors).toBe(0);
      expect(changedTables).toEqual([]);
      expect(newFiles).toEqual([]);
      expect(goneFiles).toEqual([]);
    },
  );

  it('the same session, token and routes do work with good input (the refusals are not a broken setup)', async () => {
    const auth = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    const ok = await viaFetch(`/api/team/${victim.team}`, { headers: auth });
    expect(ok.status).toBe(200);
    const originalDetails = (JSON.parse(ok.text) as { details: string }[])[0]!.details;
    const originalDate = (JSON.parse((await viaFetch(`/api/event/${victim.event}`, { headers: auth })).text) as { date: string }[])[0]!
      .date;
    expect((await invokeWith('deleteItem', itemCall('team', 2147483647), { cookie })).result).toEqual({ ok: false, error: 'notFound' });
    try {
      // The last day of February in a leap year is taken as is (and 2024-02-30 was refused above).
      const saved = await viaFetch(`/api/event/${victim.event}`, {
        method: 'POST',
        headers: auth,
        body: multipart({ date: '2024-02-29', _method: 'PUT' }),
      });
      expect(saved.status).toBe(200);
      expect((JSON.parse(saved.text) as { date: string }[])[0]!.date).toBe('2024-02-29');
      // Multi-line fields keep their line breaks and tabs.
      const lines = await viaFetch(`/api/team/${victim.team}`, {
        method: 'POST',
        headers: auth,
        body: multipart({ details: 'line one\r\n\tline two', _method: 'PUT' }),
      });
      expect(lines.status).toBe(200);
      expect((JSON.parse(lines.text) as { details: string }[])[0]!.details).toBe('line one\r\n\tline two');
    } finally {
      await viaFetch(`/api/event/${victim.event}`, {
        method: 'POST',
        headers: auth,
        body: multipart({ date: originalDate, _method: 'PUT' }),
      });
      await viaFetch(`/api/team/${victim.team}`, {
        method: 'POST',
        headers: auth,
        body: multipart({ details: originalDetails, _method: 'PUT' }),
      });
    }
  });
});
