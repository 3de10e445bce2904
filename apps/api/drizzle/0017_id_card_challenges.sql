CREATE TABLE "id_card_challenges" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"code_challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "id_card_challenges_expires_at_idx" ON "id_card_challenges" USING btree ("expires_at");