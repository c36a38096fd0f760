import { PrismaPg } from '@prisma/adapter-pg';
import { hash } from '@node-rs/argon2';
import { PrismaClient } from '@/lib/generated/prisma/client';

// Direct database access for assertions ("what changed in the database") and test set-up.
export const testDb = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL!, max: 2 }) });

let counter = 0;
export const unique = (prefix = 'x') => `${prefix}-${process.pid}-${Date.now()}-${++counter}`;

export type Role = 'pending' | 'mini' | 'admin';

const passwordHash = hash('correct horse battery');
export const PASSWORD = 'correct horse battery';

export async function makeUser(role: Role, email = `${unique(role)}@example.test`) {
  return testDb.user.create({
    data: {
      name: `Test ${role}`,
      email,
      passwordHash: await passwordHash,
      isAdmin: role === 'admin',
      isMiniAdmin: role === 'mini' || role === 'admin',
    },
  });
}
