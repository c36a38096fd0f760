-- Issue 37 item 4: redirects staff set (/Admin/Redirects), served by the HTTP server before the
-- page on every instance, and the paths that answered 404, counted (bounded: server/not-found.ts).

CREATE TABLE "redirects" (
  "id" SERIAL PRIMARY KEY,
  -- The path as staff typed it (normalised: no query, no trailing slash), and its lower case: the
  -- site's addresses match in any letter case, so two sources differing only in case are one.
  "from_path" TEXT NOT NULL,
  "from_key" TEXT NOT NULL,
  -- A path of this site or a full http(s) URL.
  "to_url" TEXT NOT NULL,
  "status" INTEGER NOT NULL DEFAULT 301 CHECK ("status" IN (301, 302)),
  -- Counted by the HTTP servers in batches; never moves updated_at (which says the table changed).
  "hits" INTEGER NOT NULL DEFAULT 0,
  "last_hit_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "redirects_from_key_key" ON "redirects" ("from_key");

CREATE TABLE "not_found_paths" (
  "path" TEXT PRIMARY KEY,
  "hits" INTEGER NOT NULL DEFAULT 0,
  "first_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "last_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
-- The trim keeps the most asked-for and the latest; the screen lists them in that order.
CREATE INDEX "not_found_paths_rank_idx" ON "not_found_paths" ("hits" DESC, "last_at" DESC);
CREATE INDEX "not_found_paths_last_at_idx" ON "not_found_paths" ("last_at");
