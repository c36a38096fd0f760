-- Issue 27, Leads: a lead is given to a staff member with a day to follow it up. The assignee is
-- left empty when their account is deleted (the lead stays). A note can be edited by its author:
-- `updated_at` says when (null: never edited).
ALTER TABLE "inquiries" ADD COLUMN "assignee_id" INTEGER REFERENCES "users"("id") ON DELETE SET NULL;
ALTER TABLE "inquiries" ADD COLUMN "follow_up" DATE;
CREATE INDEX "inquiries_assignee_id_idx" ON "inquiries"("assignee_id");
CREATE INDEX "inquiries_follow_up_idx" ON "inquiries"("follow_up");
ALTER TABLE "inquiry_notes" ADD COLUMN "updated_at" TIMESTAMP(3);

-- The form asks the kind of event (a fixed list, stored by key) and the services needed (several:
-- their English titles at the time, as the event type stored them before). Older requests keep
-- their free event type and no services.
ALTER TABLE "inquiries" ADD COLUMN "services" TEXT[] NOT NULL DEFAULT '{}';
