-- Invariants the schema language cannot state, enforced by BEFORE triggers (created in the
-- 20261121095500_invariants migration) raising the SQLSTATE a CHECK would (23514 check_violation).
CREATE OR REPLACE FUNCTION "documents_invariants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."page_count" < 1 THEN
    RAISE EXCEPTION 'documents: page_count must be at least 1' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."gate_page" < 1 OR NEW."gate_page" > NEW."page_count" THEN
    RAISE EXCEPTION 'documents: gate_page must be between 1 and page_count' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."preview_page_count" < 0 OR NEW."preview_page_count" >= NEW."page_count" THEN
    RAISE EXCEPTION 'documents: preview_page_count must be between 0 and page_count - 1' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."views" < 0 OR NEW."unique_viewers" < 0 OR NEW."leads_count" < 0 OR NEW."downloads" < 0
     OR NEW."total_time_seconds" < 0 OR NEW."completion_sum" < 0 THEN
    RAISE EXCEPTION 'documents: counters must not be negative' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."engagement_rank" NOT BETWEEN 0 AND 4 THEN
    RAISE EXCEPTION 'documents: engagement_rank must be between 0 and 4' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
