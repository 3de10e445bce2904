-- Retention (docs/security.md DA6): application_events stays append-only, except that the retention purge
-- (modules/retention) may delete the history of an abandoned application, and nothing else. The purge marks its
-- own transaction with SET LOCAL onboarding.retention_purge = 'on'; a DELETE passes only there, and only for a row
-- of an application that was never submitted or signed and that nobody has touched for 30 days at least (the
-- purge's own rule keeps them longer: RETENTION_ABANDONED_DAYS). UPDATE and TRUNCATE stay refused for everyone.
CREATE OR REPLACE FUNCTION application_events_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
    AND current_setting('onboarding.retention_purge', true) = 'on'
    AND EXISTS (
      SELECT 1 FROM applications a
      WHERE a.process_id = OLD.process_id
        AND a.status IN ('IN_PROGRESS', 'SUPERSEDED', 'CANCELLED')
        AND a.submitted_at IS NULL
        AND a.updated_at < now() - interval '30 days'
        AND NOT EXISTS (SELECT 1 FROM contracts c WHERE c.process_id = a.process_id)
        AND NOT EXISTS (SELECT 1 FROM signing_sessions s WHERE s.process_id = a.process_id)
    )
  THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
