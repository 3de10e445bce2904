CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"personal_id" text NOT NULL,
	"personal_id_country_code" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"decline_reason" text,
	"send_count" integer DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_status_check" CHECK ("invitations"."status" in ('PENDING', 'SIGNED', 'DECLINED', 'WITHDRAWN', 'EXPIRED'))
);
--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_status_check";--> statement-breakpoint
DROP INDEX "applications_one_open_per_company_idx";--> statement-breakpoint
DROP INDEX "signing_sessions_one_signed_idx";--> statement-breakpoint
ALTER TABLE "signing_sessions" ADD COLUMN "invitation_id" uuid;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_process_id_applications_process_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."applications"("process_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_idx" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_process_idx" ON "invitations" USING btree ("process_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_one_open_per_person_idx" ON "invitations" USING btree ("contract_id","personal_id_country_code","personal_id") WHERE "invitations"."status" in ('PENDING', 'SIGNED');--> statement-breakpoint
ALTER TABLE "signing_sessions" ADD CONSTRAINT "signing_sessions_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_one_open_per_company_idx" ON "applications" USING btree ("company_registry_country_code","company_registry_code") WHERE status in ('IN_PROGRESS', 'AWAITING_SIGNATURES', 'SUBMITTED') and company_registry_code is not null and submitted_discrepancies is null;--> statement-breakpoint
CREATE UNIQUE INDEX "signing_sessions_one_signed_idx" ON "signing_sessions" USING btree ("contract_id","personal_id") WHERE "signing_sessions"."status" = 'SIGNED';--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('IN_PROGRESS', 'AWAITING_SIGNATURES', 'SUBMITTED', 'VISIT_BANK', 'SUPERSEDED', 'CANCELLED', 'APPROVED', 'DECLINED'));