-- Issue 27, Leads: the quote form asks the visitor's consent to use their details to answer the
-- request, and the request keeps when it was given. NULL: sent before the form asked (every
-- older request); the form refuses a request without it.
ALTER TABLE "inquiries" ADD COLUMN "consented_at" TIMESTAMP(3);

-- The privacy notice (/Privacy) the consent line links to, one text per language, edited under
-- /Admin/Settings. Empty: the default notice in messages/*.json.
ALTER TABLE "site_settings" ADD COLUMN "privacy_en" TEXT NOT NULL DEFAULT '';
ALTER TABLE "site_settings" ADD COLUMN "privacy_ar" TEXT NOT NULL DEFAULT '';
