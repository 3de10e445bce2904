-- A contract's bytes are what was signed, and a signed session is the evidence of it:
-- neither may change or disappear once written.
CREATE FUNCTION signing_evidence_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'signing_sessions' AND TG_OP = 'UPDATE' AND OLD.status <> 'SIGNED' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% is evidence: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER contracts_immutable
  BEFORE UPDATE OR DELETE ON contracts
  FOR EACH ROW EXECUTE FUNCTION signing_evidence_refuse_change();
--> statement-breakpoint
CREATE TRIGGER signing_sessions_signed_immutable
  BEFORE UPDATE OR DELETE ON signing_sessions
  FOR EACH ROW EXECUTE FUNCTION signing_evidence_refuse_change();
--> statement-breakpoint
CREATE TRIGGER signing_evidence_no_truncate
  BEFORE TRUNCATE ON contracts
  FOR EACH STATEMENT EXECUTE FUNCTION signing_evidence_refuse_change();
