-- Invariants the schema language cannot state (see documents_invariants.sql).
CREATE OR REPLACE FUNCTION "viewers_invariants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."visits" < 0 OR NEW."pages_viewed" < 0 OR NEW."total_time_seconds" < 0 THEN
    RAISE EXCEPTION 'viewers: counters must not be negative' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."completion" < 0 OR NEW."completion" > 1 THEN
    RAISE EXCEPTION 'viewers: completion must be between 0 and 1' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."engagement_rank" NOT BETWEEN 0 AND 4 THEN
    RAISE EXCEPTION 'viewers: engagement_rank must be between 0 and 4' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
