ALTER TABLE "auth_signing_keys" ALTER COLUMN "private_key_pem" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_signing_keys" ADD COLUMN "purpose" text DEFAULT 'applicant' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_signing_keys" ADD COLUMN "kek_id" text;--> statement-breakpoint
ALTER TABLE "auth_signing_keys" ADD COLUMN "sealed_private_key" text;--> statement-breakpoint
ALTER TABLE "auth_signing_keys" ADD CONSTRAINT "auth_signing_keys_purpose_check" CHECK ("auth_signing_keys"."purpose" in ('applicant', 'integration'));