CREATE TABLE "register_answers" (
	"key" text PRIMARY KEY NOT NULL,
	"operation" text NOT NULL,
	"answer" jsonb NOT NULL,
	"queried_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_breaker" (
	"name" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"open_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "register_evidence" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "register_evidence_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"process_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"operation" text NOT NULL,
	"queried_at" timestamp with time zone NOT NULL,
	"paring" jsonb NOT NULL,
	"keha" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "register_evidence" ADD CONSTRAINT "register_evidence_process_id_applications_process_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."applications"("process_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "register_answers_expires_at_idx" ON "register_answers" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "register_evidence_process_idx" ON "register_evidence" USING btree ("process_id","read_at");