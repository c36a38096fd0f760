-- Issue 34: the activity log as a security record. A refused or throttled sign-in (and each step of
-- a two-factor sign-in that issues nothing) is one row per kind, address, account and window: the
-- row counts its repeats instead of a row per request, so nobody can flood the log (which nobody may
-- delete from for the retention). Only those two columns of such a row may ever change.

ALTER TABLE "activity_log"
  ADD COLUMN "repeats" INTEGER NOT NULL DEFAULT 1,
  ADD COLUMN "last_at" TIMESTAMPTZ(3),
  ADD COLUMN "window_key" TEXT;

CREATE UNIQUE INDEX "activity_log_window_key_key" ON "activity_log"("window_key");

CREATE OR REPLACE FUNCTION "activity_log_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nested: OLD is not there for TRUNCATE.
  IF TG_OP = 'DELETE' THEN
    IF OLD."created_at" < now() - make_interval(days => "activity_retention_days"()) THEN
      RETURN OLD;
    END IF;
  END IF;
  -- A counted event's row: its count goes up by one and its last time moves; nothing else changes.
  IF TG_OP = 'UPDATE' THEN
    IF OLD."window_key" IS NOT NULL
      AND NEW."repeats" = OLD."repeats" + 1
      AND (to_jsonb(NEW) - 'repeats' - 'last_at') = (to_jsonb(OLD) - 'repeats' - 'last_at') THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'activity_log entries cannot be changed or deleted (% refused)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;

-- A "forgot password" request waiting for the mail worker: the request's answer and its follow-up
-- (one INSERT) are the same whether or not the address has an account; the lookup, the link and
-- the mail are made by the worker's next pass, off every request's path (issue 34, item 4).
CREATE TABLE "reset_requests" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),

    CONSTRAINT "reset_requests_pkey" PRIMARY KEY ("id")
);
