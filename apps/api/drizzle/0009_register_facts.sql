DROP INDEX "applications_one_open_per_company_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "company_legal_form" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "register_facts" jsonb;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "register_queried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "submitted_discrepancies" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_one_open_per_company_idx" ON "applications" USING btree ("company_registry_country_code","company_registry_code") WHERE status in ('IN_PROGRESS', 'SUBMITTED') and company_registry_code is not null and submitted_discrepancies is null;