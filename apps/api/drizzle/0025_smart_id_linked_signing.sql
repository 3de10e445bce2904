ALTER TABLE "auth_sessions" ADD COLUMN "smart_id_document_number" text;--> statement-breakpoint
UPDATE "auth_sessions" SET "smart_id_document_number" = "device_link" ->> 'documentNumber', "device_link" = "device_link" - 'documentNumber' WHERE "device_link" ? 'documentNumber';--> statement-breakpoint
ALTER TABLE "signing_sessions" ADD COLUMN "device_link" jsonb;
