CREATE TABLE "client_assertions" (
	"client_id" text NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "client_assertions_client_id_jti_pk" PRIMARY KEY("client_id","jti")
);
--> statement-breakpoint
CREATE TABLE "event_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid NOT NULL,
	"type" text NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "idempotent_requests" (
	"client_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_client_id_key_pk" PRIMARY KEY("client_id","key")
);
--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_status_check";--> statement-breakpoint
DROP INDEX "signing_sessions_one_signed_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "reopened_steps" jsonb;--> statement-breakpoint
ALTER TABLE "event_outbox" ADD CONSTRAINT "event_outbox_process_id_applications_process_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."applications"("process_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_assertions_expires_at_idx" ON "client_assertions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_outbox_event_id_idx" ON "event_outbox" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_outbox_pending_idx" ON "event_outbox" USING btree ("process_id","id") WHERE "event_outbox"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "idempotent_requests_created_at_idx" ON "idempotent_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_sessions_one_signed_idx" ON "signing_sessions" USING btree ("contract_id") WHERE "signing_sessions"."status" = 'SIGNED';--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('IN_PROGRESS', 'SUBMITTED', 'VISIT_BANK', 'SUPERSEDED', 'CANCELLED', 'APPROVED', 'DECLINED'));