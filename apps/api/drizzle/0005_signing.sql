CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid NOT NULL,
	"application_version" integer NOT NULL,
	"language" text NOT NULL,
	"document" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"personal_id" text NOT NULL,
	"phone_number" text,
	"provider_session_id" text,
	"document_number" text,
	"verification_code" text,
	"failure_code" text,
	"signature" text,
	"signature_algorithm" text,
	"certificate" text,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_sessions_method_check" CHECK ("signing_sessions"."method" in ('SMART_ID', 'MOBILE_ID', 'ID_CARD')),
	CONSTRAINT "signing_sessions_status_check" CHECK ("signing_sessions"."status" in ('RUNNING', 'SIGNED', 'FAILED', 'CANCELLED')),
	CONSTRAINT "signing_sessions_evidence_check" CHECK ("signing_sessions"."status" <> 'SIGNED' or ("signing_sessions"."signature" is not null and "signing_sessions"."certificate" is not null and "signing_sessions"."signed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "follow_up" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_process_id_applications_process_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."applications"("process_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_sessions" ADD CONSTRAINT "signing_sessions_process_id_applications_process_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."applications"("process_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_sessions" ADD CONSTRAINT "signing_sessions_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_process_idx" ON "contracts" USING btree ("process_id","application_version");--> statement-breakpoint
CREATE INDEX "signing_sessions_process_idx" ON "signing_sessions" USING btree ("process_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_sessions_one_signed_idx" ON "signing_sessions" USING btree ("process_id") WHERE "signing_sessions"."status" = 'SIGNED';