import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import { call } from '../helpers/api';
import { PASSWORD, testDb } from '../helpers/db';

// The last Admin is protected: the old client's demote and delete are refused (409) and nothing
// changes, in-process: /api answered by its route handlers, on this file's own database (so every
// other Admin can be demoted without touching another file). The Users screen marking that
// person's card is a rendered page: tests/integration/last-admin.test.ts.

describe('the last Admin', () => {
  it('cannot be demoted or deleted through /api (409), and the Users screen marks the card; nothing changes (the /api half)', async () => {
    // This database's only Admin (the seeded ones demoted: the database is this file's).
    await testDb.user.updateMany({ data: { isAdmin: false } });
    const admin = await testDb.user.create({
      data: { name: 'Only admin', email: 'only-admin@example.test', passwordHash: await hash(PASSWORD), isAdmin: true, isMiniAdmin: true },
    });
    const login = await call('/api/login', { form: { email: admin.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    const token = login.data.token as string;

    const demote = await call(`/api/user/${admin.id}`, { token, form: { is_admin: '0', mine_admin: '1', _method: 'PUT' } });
    expect([demote.status, demote.data.message]).toEqual([409, en.errors.lastAdmin]);
    const del = await call(`/api/user/${admin.id}`, { token, method: 'DELETE' });
    expect([del.status, del.data]).toEqual([409, { message: en.errors.lastAdmin }]);
    expect(await testDb.user.findUniqueOrThrow({ where: { id: admin.id } })).toMatchObject({ isAdmin: true });
  });
});
