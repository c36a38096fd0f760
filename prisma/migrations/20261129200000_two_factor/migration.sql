-- Issue 26, item 4: two-factor sign-in (TOTP, RFC 6238). The secret is stored encrypted
-- (AES-256-GCM under a key derived from AUTH_SECRET, lib/auth/two-factor.ts); it is set when
-- enrolment starts and counts only once `two_factor_enabled_at` is set (the first code confirmed).
-- `two_factor_last_step` is the last time step a code was accepted for: a code is refused unless
-- its step is later, so a code works once.
ALTER TABLE "users" ADD COLUMN "two_factor_secret" TEXT;
ALTER TABLE "users" ADD COLUMN "two_factor_enabled_at" TIMESTAMP(3);
ALTER TABLE "users" ADD COLUMN "two_factor_last_step" INTEGER;

-- Ten one-time recovery codes per person: only their SHA-256, used by the one UPDATE that checks
-- `used_at IS NULL`, so each works exactly once.
CREATE TABLE "recovery_codes" (
  "id" SERIAL PRIMARY KEY,
  "user_id" INTEGER NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "code_hash" TEXT NOT NULL,
  "used_at" TIMESTAMP(3),
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "recovery_codes_user_id_code_hash_key" ON "recovery_codes"("user_id", "code_hash");

-- Who must use two-factor sign-in: 'none' (a fresh install signs in as before), 'admins', 'everyone'.
ALTER TABLE "site_settings" ADD COLUMN "two_factor_policy" TEXT NOT NULL DEFAULT 'none';
