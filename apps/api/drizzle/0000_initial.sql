CREATE TABLE "application_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"process_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor" text NOT NULL,
	"application_version" integer NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"process_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"representative_personal_id" text NOT NULL,
	"representative_country_code" text DEFAULT 'EE' NOT NULL,
	"company_name" text NOT NULL,
	"company_registry_code" text,
	"company_registry_country_code" text DEFAULT 'EE' NOT NULL,
	"current_step" text DEFAULT 'AccountOpeningReason' NOT NULL,
	"step_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'IN_PROGRESS' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('IN_PROGRESS', 'SUBMITTED', 'VISIT_BANK', 'SUPERSEDED', 'CANCELLED')),
	CONSTRAINT "applications_version_check" CHECK ("applications"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_process_id_applications_process_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."applications"("process_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_events_process_idx" ON "application_events" USING btree ("process_id","id");--> statement-breakpoint
CREATE INDEX "applications_representative_idx" ON "applications" USING btree ("representative_personal_id","representative_country_code");--> statement-breakpoint
CREATE INDEX "applications_company_idx" ON "applications" USING btree ("company_registry_country_code","company_registry_code");