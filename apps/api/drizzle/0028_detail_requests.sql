ALTER TABLE "invitations" DROP CONSTRAINT "invitations_status_check";--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "contract_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "purpose" text DEFAULT 'SIGN' NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "person_id" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "inviter_name" text;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_one_open_request_idx" ON "invitations" USING btree ("process_id","personal_id_country_code","personal_id") WHERE "invitations"."purpose" = 'DETAILS' and "invitations"."status" = 'PENDING';--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_purpose_check" CHECK (("invitations"."purpose" = 'SIGN' and "invitations"."contract_id" is not null) or ("invitations"."purpose" = 'DETAILS' and "invitations"."person_id" is not null and "invitations"."contract_id" is null));--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_status_check" CHECK ("invitations"."status" in ('PENDING', 'SIGNED', 'ANSWERED', 'DECLINED', 'WITHDRAWN', 'EXPIRED'));