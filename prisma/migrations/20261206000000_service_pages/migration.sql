-- Issue 37: a page per service at /Services/{slug}: a slug (former ones answer 308), a rich
-- description (Markdown), question-and-answer pairs and its own search-engine texts, per language.

ALTER TABLE "services"
  ADD COLUMN "slug" TEXT,
  ADD COLUMN "body_en" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "body_ar" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "faq_en" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "faq_ar" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "seo_title_en" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "seo_title_ar" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "seo_description_en" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "seo_description_ar" TEXT NOT NULL DEFAULT '';

-- Existing services get a slug from their English title, by the rule projects' have (lib/slug.ts),
-- "service" when nothing is left, -2, -3… after the first of equal ones (the oldest keeps it bare).
WITH base AS (
  SELECT id,
         COALESCE(NULLIF(left(trim(both '-' from regexp_replace(lower(title_en), '[^a-z0-9]+', '-', 'g')), 80), ''), 'service') AS slug
  FROM "services"
), numbered AS (
  SELECT id, slug, row_number() OVER (PARTITION BY slug ORDER BY id) AS n FROM base
)
UPDATE "services" s
SET "slug" = CASE WHEN numbered.n = 1 THEN numbered.slug ELSE numbered.slug || '-' || numbered.n END
FROM numbered
WHERE numbered.id = s.id;

ALTER TABLE "services" ALTER COLUMN "slug" SET NOT NULL;
-- A row written around the write path (a script, a test's fixture) still gets a unique, valid
-- slug; the write path always sets one (lib/entities/slugs.ts).
ALTER TABLE "services" ALTER COLUMN "slug" SET DEFAULT ('service-' || gen_random_uuid());
CREATE UNIQUE INDEX "services_slug_key" ON "services"("slug");

CREATE TABLE "service_slugs" (
    "slug" TEXT NOT NULL,
    "service_id" INTEGER NOT NULL,

    CONSTRAINT "service_slugs_pkey" PRIMARY KEY ("slug")
);
CREATE INDEX "service_slugs_service_id_idx" ON "service_slugs"("service_id");
ALTER TABLE "service_slugs" ADD CONSTRAINT "service_slugs_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;
