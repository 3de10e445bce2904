ALTER TABLE "signing_sessions" ADD COLUMN "signature_xml" text;--> statement-breakpoint
ALTER TABLE "signing_sessions" ADD COLUMN "signed_info_hash" text;--> statement-breakpoint
ALTER TABLE "signing_sessions" ADD COLUMN "container" "bytea";