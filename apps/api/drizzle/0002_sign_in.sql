CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"requested_personal_id" text,
	"phone_number" text,
	"provider_session_id" text,
	"signed_hash" text,
	"hash_type" text,
	"client_state" text NOT NULL,
	"code_challenge" text NOT NULL,
	"failure_code" text,
	"personal_id" text,
	"personal_id_country_code" text,
	"given_name" text,
	"surname" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_used_at" timestamp with time zone,
	"client_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "auth_sessions_method_check" CHECK ("auth_sessions"."method" in ('ID_CARD', 'MOBILE_ID', 'SMART_ID', 'MAGIC')),
	CONSTRAINT "auth_sessions_status_check" CHECK ("auth_sessions"."status" in ('RUNNING', 'COMPLETE', 'FAILED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "authentication_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "authentication_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"result" text NOT NULL,
	"authentication_method" text,
	"personal_id" text,
	"visitor_id" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"client_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "authentication_events_result_check" CHECK ("authentication_events"."result" in ('FAILED', 'COMPLETED'))
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"personal_id" text NOT NULL,
	"personal_id_country_code" text NOT NULL,
	"given_name" text NOT NULL,
	"surname" text NOT NULL,
	"authentication_method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_user_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."user_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_code_hash_idx" ON "auth_sessions" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "auth_sessions_address_idx" ON "auth_sessions" USING btree ("client_address","created_at");--> statement-breakpoint
CREATE INDEX "auth_sessions_person_idx" ON "auth_sessions" USING btree ("requested_personal_id","created_at");--> statement-breakpoint
CREATE INDEX "authentication_events_person_idx" ON "authentication_events" USING btree ("personal_id","created_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");