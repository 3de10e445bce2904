CREATE TABLE "auth_signing_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
