-- application_events is evidence: rows are added, never changed or removed.
CREATE FUNCTION application_events_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER application_events_append_only
  BEFORE UPDATE OR DELETE ON application_events
  FOR EACH ROW EXECUTE FUNCTION application_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER application_events_no_truncate
  BEFORE TRUNCATE ON application_events
  FOR EACH STATEMENT EXECUTE FUNCTION application_events_refuse_change();
