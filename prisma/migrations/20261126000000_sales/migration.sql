-- Issue 19: offices on contacts, quote requests with notes, the mail outbox, site settings.

ALTER TABLE "contacts"
  ADD COLUMN "office_name_en" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "office_name_ar" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "address_en" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "address_ar" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "hours_en" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "hours_ar" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "whatsapp" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "map_location" TEXT NOT NULL DEFAULT '';

CREATE TABLE "inquiries" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "phone" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "event_type" TEXT NOT NULL,
    "event_date" DATE,
    "city" TEXT NOT NULL,
    "guests" INTEGER,
    "budget" TEXT NOT NULL DEFAULT '',
    "message" TEXT NOT NULL DEFAULT '',
    "locale" TEXT NOT NULL DEFAULT 'en',
    "status" TEXT NOT NULL DEFAULT 'new',
    "read_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "inquiries_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "inquiries_created_at_idx" ON "inquiries"("created_at");
CREATE INDEX "inquiries_status_idx" ON "inquiries"("status");

CREATE TABLE "inquiry_notes" (
    "id" SERIAL NOT NULL,
    "inquiry_id" INTEGER NOT NULL,
    "author_id" INTEGER,
    "author_name" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inquiry_notes_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "inquiry_notes_inquiry_id_idx" ON "inquiry_notes"("inquiry_id");
ALTER TABLE "inquiry_notes" ADD CONSTRAINT "inquiry_notes_inquiry_id_fkey" FOREIGN KEY ("inquiry_id") REFERENCES "inquiries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "mail_outbox" (
    "id" SERIAL NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "to" TEXT[],
    "reply_to" TEXT,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMP(3),
    "sent_at" TIMESTAMP(3),
    "last_error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_outbox_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "mail_outbox_dedupe_key_key" ON "mail_outbox"("dedupe_key");
CREATE INDEX "mail_outbox_sent_at_next_attempt_at_idx" ON "mail_outbox"("sent_at", "next_attempt_at");

CREATE TABLE "site_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "company_name_en" TEXT NOT NULL DEFAULT '',
    "company_name_ar" TEXT NOT NULL DEFAULT '',
    "logo" TEXT,
    "about_en" TEXT NOT NULL DEFAULT '',
    "about_ar" TEXT NOT NULL DEFAULT '',
    "tagline_en" TEXT NOT NULL DEFAULT '',
    "tagline_ar" TEXT NOT NULL DEFAULT '',
    "portfolio" TEXT,
    "social_image" TEXT,
    "title_suffix_en" TEXT NOT NULL DEFAULT '',
    "title_suffix_ar" TEXT NOT NULL DEFAULT '',
    "description_en" TEXT NOT NULL DEFAULT '',
    "description_ar" TEXT NOT NULL DEFAULT '',
    "inquiry_recipients" TEXT NOT NULL DEFAULT '',
    "whatsapp" TEXT NOT NULL DEFAULT '',
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "site_settings_pkey" PRIMARY KEY ("id")
);
