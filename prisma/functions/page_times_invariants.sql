-- Invariants the schema language cannot state (see documents_invariants.sql).
CREATE OR REPLACE FUNCTION "page_times_invariants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."seconds" < 0 OR NEW."page" < 1 THEN
    RAISE EXCEPTION 'page_times: page must be at least 1 and seconds must not be negative' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
