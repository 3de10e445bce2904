ALTER TABLE "invitations" ADD COLUMN "own_details" jsonb;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "own_details_declared" jsonb;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "own_details_at" timestamp with time zone;