-- The audit log stays append-only, with one exception: audit_log_prune(keep_days), the daily retention
-- job's call, deletes entries older than keep_days (at least 30). The trigger lets a DELETE through only
-- inside that function (a transaction-local setting it sets) and only for an entry older than 30 days,
-- so no other statement can remove or change a recent entry.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('site.audit_retention', true) = 'on' AND OLD.created < now() - interval '30 days' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE FUNCTION "audit_log_prune"(keep_days integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  gone integer;
BEGIN
  IF keep_days IS NULL OR keep_days < 30 THEN
    RAISE EXCEPTION 'the audit log is kept at least 30 days (asked for %)', keep_days;
  END IF;
  PERFORM set_config('site.audit_retention', 'on', true);
  DELETE FROM "audit_log" WHERE "created" < now() - make_interval(days => keep_days);
  GET DIAGNOSTICS gone = ROW_COUNT;
  PERFORM set_config('site.audit_retention', 'off', true);
  RETURN gone;
END;
$$;
