-- Issue 27, point 4: the About page's picture is a setting (a file in the uploads store's `site`
-- folder, like the logo); NULL shows the demo brand's picture (public/brand/about.jpg).
ALTER TABLE "site_settings" ADD COLUMN "about_image" TEXT;
