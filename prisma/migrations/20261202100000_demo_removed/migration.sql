-- Issue 35, item 5: `npm run demo:remove` takes the demo company out and says so here, so that the
-- seed (which fills a database with no content at all) never brings it back on the next start.
ALTER TABLE "site_settings" ADD COLUMN "demo_removed_at" TIMESTAMPTZ(3);
