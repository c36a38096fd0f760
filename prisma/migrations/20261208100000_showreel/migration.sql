-- Issue 37 item 2: the showreel on Home, a YouTube or Vimeo address (blank: the demo's while the
-- demo brand is in use, else none) and its poster, a stored image (blank: the demo's poster).
ALTER TABLE "site_settings"
  ADD COLUMN "showreel_url" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "showreel_poster" TEXT;
