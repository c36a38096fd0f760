-- Issue 37 item 2: the company's key figures (Home and About), one per line "number | label", per
-- language; empty: the demo's figures (messages/*.json home.figures).
ALTER TABLE "site_settings"
  ADD COLUMN "figures_en" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "figures_ar" TEXT NOT NULL DEFAULT '';
