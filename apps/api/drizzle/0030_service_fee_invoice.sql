ALTER TABLE "applications" ADD COLUMN "service_fee_invoice" jsonb;--> statement-breakpoint
-- An application the bank invoiced before keeps that invoice (its latest FEE_INVOICED), so it is not invoiced again.
-- The invoice mailed with a submission until now named no amount and no account: it was no invoice to pay, and is not
-- carried over.
UPDATE "applications" AS "application"
SET "service_fee_invoice" = jsonb_build_object(
  'amountCents', ("invoiced"."payload" -> 'decision' ->> 'amountCents')::integer,
  'dueDate', "invoiced"."payload" -> 'decision' ->> 'dueDate',
  'payee', NULL,
  'issuedAt', to_char("invoiced"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
)
FROM (
  SELECT DISTINCT ON ("process_id") "process_id", "payload", "created_at"
  FROM "application_events"
  WHERE "type" = 'DECISION_RECORDED' AND "payload" -> 'decision' ->> 'type' = 'FEE_INVOICED'
  ORDER BY "process_id", "id" DESC
) AS "invoiced"
WHERE "application"."process_id" = "invoiced"."process_id";
