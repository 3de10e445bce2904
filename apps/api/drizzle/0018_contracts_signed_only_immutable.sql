ALTER TABLE "mail_outbox" ADD COLUMN "attachment_key" text;--> statement-breakpoint
-- 0006's rule read OLD.status in one condition for both tables: on contracts, which has no status, PostgreSQL
-- failed with `record "old" has no field "status"` instead of refusing, and on TRUNCATE OLD is not assigned at all.
-- Each table's exception now stands in a branch of its own. What is evidence: a signed session, and the contract a
-- signed session holds. A contract's bytes never change; one that no signature holds may be deleted (its sessions'
-- foreign key still keeps one that any signing attempt names).
CREATE OR REPLACE FUNCTION signing_evidence_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' AND TG_TABLE_NAME = 'signing_sessions' AND TG_OP = 'UPDATE' THEN
    IF OLD.status <> 'SIGNED' THEN
      RETURN NEW;
    END IF;
  ELSIF TG_LEVEL = 'ROW' AND TG_TABLE_NAME = 'contracts' AND TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM signing_sessions WHERE signing_sessions.contract_id = OLD.id AND signing_sessions.status = 'SIGNED') THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION '% is evidence: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER signing_sessions_no_truncate
  BEFORE TRUNCATE ON signing_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION signing_evidence_refuse_change();
--> statement-breakpoint
-- Contract previews were stored, one per application version read, and could not be deleted: the ones no signing
-- session names go. Previews are no longer stored.
DELETE FROM contracts WHERE NOT EXISTS (SELECT 1 FROM signing_sessions WHERE signing_sessions.contract_id = contracts.id);
