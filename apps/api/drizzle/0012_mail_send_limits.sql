ALTER TABLE "mail_outbox" ADD COLUMN "recipient_key" text;--> statement-breakpoint
-- Mail already in the outbox counts towards today's limits per address: its key, without the +tag and in lower case.
UPDATE "mail_outbox" SET "recipient_key" = regexp_replace(lower(trim("recipient")), '^([^@+]+)\+[^@]*@', '\1@');--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "recipient_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_process_template_idx" ON "mail_outbox" USING btree ("process_id","template","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_recipient_key_template_idx" ON "mail_outbox" USING btree ("recipient_key","template","created_at");
