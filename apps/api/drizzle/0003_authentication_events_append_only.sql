-- authentication_events is evidence, like application_events: rows are added, never changed or removed.
CREATE TRIGGER authentication_events_append_only
  BEFORE UPDATE OR DELETE ON authentication_events
  FOR EACH ROW EXECUTE FUNCTION application_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER authentication_events_no_truncate
  BEFORE TRUNCATE ON authentication_events
  FOR EACH STATEMENT EXECUTE FUNCTION application_events_refuse_change();
