-- Issue 26, item 6: the activity log. One row per write through the back office or /api and per
-- security event (sign-in, refused sign-in, …): who, when, from which address, what. Written in
-- the transaction of the change it describes. Nobody edits or deletes an entry: the triggers below
-- refuse it for every client of the database, the app's own included; the only rows that may go
-- are those older than the retention the site settings hold (the purge in lib/activity/purge.ts).

ALTER TABLE "site_settings"
  -- Days an entry is kept (default 365). At least 30: a deleted item is restored from its entry
  -- for 30 days, so the entry must outlive that. The app checks the same bounds (lib/settings/schema.ts).
  ADD COLUMN "activity_retention_days" INTEGER NOT NULL DEFAULT 365,
  ADD CONSTRAINT "site_settings_activity_retention_days_check" CHECK ("activity_retention_days" BETWEEN 30 AND 3650);

CREATE TABLE "activity_log" (
    "id" SERIAL NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    -- No foreign key: an entry outlives the account that wrote it, so who it was is copied here.
    "actor_id" INTEGER,
    "actor_name" TEXT NOT NULL DEFAULT '',
    "actor_email" TEXT NOT NULL DEFAULT '',
    "address" TEXT NOT NULL DEFAULT '',
    "kind" TEXT NOT NULL,
    "entity" TEXT,
    "entity_id" INTEGER,
    -- { field: { "before": …, "after": … } }, only the fields that changed.
    "changes" JSONB NOT NULL DEFAULT '{}',
    -- A deleted row as it was (no secret column), what a restore writes back.
    "snapshot" JSONB,
    -- A code saying more (a refused sign-in's reason).
    "detail" TEXT NOT NULL DEFAULT '',
    -- A restore entry: the delete entry it undid (unique, so one delete is restored at most once).
    "restores_id" INTEGER,

    CONSTRAINT "activity_log_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "activity_log_created_at_id_idx" ON "activity_log"("created_at" DESC, "id" DESC);
CREATE INDEX "activity_log_actor_id_idx" ON "activity_log"("actor_id");
CREATE INDEX "activity_log_entity_entity_id_idx" ON "activity_log"("entity", "entity_id");
CREATE INDEX "activity_log_kind_idx" ON "activity_log"("kind");
CREATE UNIQUE INDEX "activity_log_restores_id_key" ON "activity_log"("restores_id");

-- The retention in force: the settings row's, or the column's default while there is no row yet.
CREATE FUNCTION "activity_retention_days"() RETURNS INTEGER LANGUAGE sql STABLE AS $$
  SELECT COALESCE((SELECT "activity_retention_days" FROM "site_settings" WHERE "id" = 1), 365)
$$;

CREATE FUNCTION "activity_log_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nested: OLD is not there for TRUNCATE.
  IF TG_OP = 'DELETE' THEN
    IF OLD."created_at" < now() - make_interval(days => "activity_retention_days"()) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'activity_log entries cannot be changed or deleted (% refused)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER "activity_log_no_update" BEFORE UPDATE ON "activity_log"
  FOR EACH ROW EXECUTE FUNCTION "activity_log_immutable"();
CREATE TRIGGER "activity_log_no_delete" BEFORE DELETE ON "activity_log"
  FOR EACH ROW EXECUTE FUNCTION "activity_log_immutable"();
-- TRUNCATE fires no row trigger: refused on its own.
CREATE TRIGGER "activity_log_no_truncate" BEFORE TRUNCATE ON "activity_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "activity_log_immutable"();
