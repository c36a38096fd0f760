// The two-factor policy tests' new person's row, used by both tiers (tests/inproc and tests/integration two-factor-policy.test.ts).
import { hash } from '@node-rs/argon2';
import { PASSWORD } from './db';

/** A new Admin or Mini Admin's row (the `n`th of its file, without two-factor), signing in with PASSWORD. */
export const personData = async (role: 'admin' | 'mini', n: number) => ({
  name: `Policy ${role}`,
  email: `policy-${role}-${n}@example.test`,
  passwordHash: await hash(PASSWORD),
  isAdmin: role === 'admin',
  isMiniAdmin: true,
});
