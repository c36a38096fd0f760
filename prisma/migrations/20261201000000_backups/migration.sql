-- Issue 33, backups: every run of a backup (by the schedule, "Back up now" or `npm run backup`),
-- what it made and whether a real restore of it matched its manifest. A scheduled run claims its
-- slot (the minute it was due) by the unique key, so N instances make one archive per slot.
CREATE TABLE "backup_runs" (
    "id" SERIAL NOT NULL,
    "slot" TEXT,
    "trigger" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "requested_by" INTEGER,
    "host" TEXT NOT NULL DEFAULT '',
    "file" TEXT,
    "size" BIGINT,
    "rows" INTEGER,
    "files" INTEGER,
    "file_bytes" BIGINT,
    "error" TEXT,
    "duration_ms" INTEGER,
    "verified_at" TIMESTAMP(3),
    "verify_error" TEXT,
    "pruned_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),
    CONSTRAINT "backup_runs_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "backup_runs_slot_key" ON "backup_runs"("slot");
CREATE INDEX "backup_runs_created_at_idx" ON "backup_runs"("created_at" DESC);
CREATE INDEX "backup_runs_status_idx" ON "backup_runs"("status");

-- A short-lived, single-use download link for one archive (/Admin/Backups): only its SHA-256 is kept.
CREATE TABLE "backup_links" (
    "token_hash" TEXT NOT NULL,
    "run_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "backup_links_pkey" PRIMARY KEY ("token_hash"),
    CONSTRAINT "backup_links_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "backup_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "backup_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "backup_links_run_id_idx" ON "backup_links"("run_id");
