-- Issue 37 item 3: search and sharing set by staff for each fixed page (/Admin/Seo): its title and
-- description for search engines and link previews per language, and its share image (cut to
-- 1200x630, stored with the settings' files). A page without a row, or an empty field, keeps the
-- defaults (messages/*.json, the site's share image).
CREATE TABLE "page_seo" (
  "page" TEXT PRIMARY KEY CHECK ("page" IN ('home', 'projects', 'services', 'team', 'about', 'contact', 'privacy')),
  "title_en" TEXT NOT NULL DEFAULT '',
  "title_ar" TEXT NOT NULL DEFAULT '',
  "description_en" TEXT NOT NULL DEFAULT '',
  "description_ar" TEXT NOT NULL DEFAULT '',
  "image" TEXT,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
