CREATE TABLE "email_confirmation_codes" (
	"personal_id" text NOT NULL,
	"personal_id_country_code" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries_left" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_confirmation_codes_personal_id_personal_id_country_code_pk" PRIMARY KEY("personal_id","personal_id_country_code")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "person_key" text;--> statement-breakpoint
ALTER TABLE "representatives" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_person_key_template_idx" ON "mail_outbox" USING btree ("person_key","template","created_at");