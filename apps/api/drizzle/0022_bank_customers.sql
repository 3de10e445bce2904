CREATE TABLE "bank_customers" (
	"registry_country_code" text NOT NULL,
	"registry_code" text NOT NULL,
	"source" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_customers_registry_country_code_registry_code_pk" PRIMARY KEY("registry_country_code","registry_code"),
	CONSTRAINT "bank_customers_source_check" CHECK ("bank_customers"."source" in ('BANK', 'APPROVED'))
);
