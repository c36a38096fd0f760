-- Issue 26: staff accounts. One-time links (password reset, invitation): only the SHA-256 of the
-- random token is stored; a link is used by setting used_at in the same statement that checks it
-- is unused and unexpired, so two clicks cannot both use it.
CREATE TABLE "account_links" (
  "id" SERIAL PRIMARY KEY,
  "purpose" TEXT NOT NULL,
  "user_id" INTEGER REFERENCES "users"("id") ON DELETE CASCADE,
  "email" TEXT NOT NULL,
  "role" TEXT,
  "token_hash" TEXT NOT NULL UNIQUE,
  "expires_at" TIMESTAMP(3) NOT NULL,
  "used_at" TIMESTAMP(3),
  "created_by" INTEGER REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "account_links_user_id_idx" ON "account_links"("user_id");

-- Sessions and API tokens say where they were opened, for the list on /Admin/Account.
ALTER TABLE "api_tokens" ADD COLUMN "address" TEXT NOT NULL DEFAULT '';
ALTER TABLE "api_tokens" ADD COLUMN "user_agent" TEXT NOT NULL DEFAULT '';

-- Open sign-up (anyone may ask for an account, as the spec has it) or invitation only (Admins).
ALTER TABLE "site_settings" ADD COLUMN "signup_open" BOOLEAN NOT NULL DEFAULT true;
