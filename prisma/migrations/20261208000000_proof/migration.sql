-- Issue 37 item 2, proof: testimonials (a client's words, on Home, its project and its services'
-- pages) and certifications and awards (on About until the day after they expire).
CREATE TABLE "testimonials" (
    "id" SERIAL NOT NULL,
    "quote_en" TEXT NOT NULL,
    "quote_ar" TEXT NOT NULL,
    "person_en" TEXT NOT NULL,
    "person_ar" TEXT NOT NULL DEFAULT '',
    "role_en" TEXT NOT NULL DEFAULT '',
    "role_ar" TEXT NOT NULL DEFAULT '',
    "client_id" INTEGER NOT NULL,
    "project_slug" TEXT NOT NULL DEFAULT '',
    "service_ids" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[],
    "photo" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "testimonials_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "testimonials_client_id_idx" ON "testimonials"("client_id");
CREATE INDEX "testimonials_project_slug_idx" ON "testimonials"("project_slug");

ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "certifications" (
    "id" SERIAL NOT NULL,
    "name_en" TEXT NOT NULL,
    "name_ar" TEXT NOT NULL,
    "issuer_en" TEXT NOT NULL,
    "issuer_ar" TEXT NOT NULL DEFAULT '',
    "expires_on" DATE,
    "logo" TEXT,
    "pdf" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "certifications_pkey" PRIMARY KEY ("id")
);
