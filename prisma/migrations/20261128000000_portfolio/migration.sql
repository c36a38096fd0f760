-- Issue 25: the portfolio. An event is a project: a page of its own at /Projects/{slug}, drafts,
-- featured order, city, services delivered, videos, a gallery and its own search-engine texts.

ALTER TABLE "events"
  ADD COLUMN "slug" TEXT,
  ADD COLUMN "published" BOOLEAN NOT NULL DEFAULT true,
  ADD COLUMN "featured" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "featured_order" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "city_en" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "city_ar" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "service_ids" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[],
  ADD COLUMN "videos" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
  ADD COLUMN "gallery" JSONB NOT NULL DEFAULT '[]',
  ADD COLUMN "seo_title_en" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "seo_title_ar" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "seo_description_en" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "seo_description_ar" TEXT NOT NULL DEFAULT '';

-- Existing events get a slug from their English name (the rule of lib/slug.ts: lower case ASCII
-- letters and digits joined by single dashes, at most 80 characters), "project" when nothing is
-- left, and -2, -3… after the first of equal ones (oldest keeps the bare slug).
WITH base AS (
  SELECT id,
         COALESCE(NULLIF(left(trim(both '-' from regexp_replace(lower(name_en), '[^a-z0-9]+', '-', 'g')), 80), ''), 'project') AS slug
  FROM "events"
), numbered AS (
  SELECT id, slug, row_number() OVER (PARTITION BY slug ORDER BY id) AS n FROM base
)
UPDATE "events" e
SET "slug" = CASE WHEN numbered.n = 1 THEN numbered.slug ELSE numbered.slug || '-' || numbered.n END
FROM numbered
WHERE numbered.id = e.id;

ALTER TABLE "events" ALTER COLUMN "slug" SET NOT NULL;
CREATE UNIQUE INDEX "events_slug_key" ON "events"("slug");
CREATE INDEX "events_published_date_id_idx" ON "events"("published", "date" DESC, "id" DESC);
-- Filters by service ("service_ids" @> {id}) and related projects (&&) at a thousand projects.
CREATE INDEX "events_service_ids_idx" ON "events" USING GIN ("service_ids");

CREATE TABLE "event_slugs" (
    "slug" TEXT NOT NULL,
    "event_id" INTEGER NOT NULL,

    CONSTRAINT "event_slugs_pkey" PRIMARY KEY ("slug")
);
CREATE INDEX "event_slugs_event_id_idx" ON "event_slugs"("event_id");
ALTER TABLE "event_slugs" ADD CONSTRAINT "event_slugs_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE CASCADE;
