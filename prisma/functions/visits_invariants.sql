-- Invariants the schema language cannot state (see documents_invariants.sql).
CREATE OR REPLACE FUNCTION "visits_invariants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."total_time_seconds" < 0 OR NEW."pages_viewed" < 0 THEN
    RAISE EXCEPTION 'visits: counters must not be negative' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
