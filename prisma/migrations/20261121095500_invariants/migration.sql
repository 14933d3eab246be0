-- Invariants the schema language cannot state. They would be CHECK constraints, but the Prisma 6.19
-- engine that checks migrations against the schema (npm run db:check) crashes on CHECK constraints,
-- so BEFORE triggers enforce them, raising the same SQLSTATE a CHECK would (23514 check_violation).

CREATE FUNCTION "documents_invariants"() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER "documents_invariants" BEFORE INSERT OR UPDATE ON "documents"
  FOR EACH ROW EXECUTE FUNCTION "documents_invariants"();

CREATE FUNCTION "viewers_invariants"() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER "viewers_invariants" BEFORE INSERT OR UPDATE ON "viewers"
  FOR EACH ROW EXECUTE FUNCTION "viewers_invariants"();

CREATE FUNCTION "visits_invariants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."total_time_seconds" < 0 OR NEW."pages_viewed" < 0 THEN
    RAISE EXCEPTION 'visits: counters must not be negative' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "visits_invariants" BEFORE INSERT OR UPDATE ON "visits"
  FOR EACH ROW EXECUTE FUNCTION "visits_invariants"();

CREATE FUNCTION "page_times_invariants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."seconds" < 0 OR NEW."page" < 1 THEN
    RAISE EXCEPTION 'page_times: page must be at least 1 and seconds must not be negative' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "page_times_invariants" BEFORE INSERT OR UPDATE ON "page_times"
  FOR EACH ROW EXECUTE FUNCTION "page_times_invariants"();
