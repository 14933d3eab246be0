-- engagementRank() of lib/rules/engagement.ts (engagement.test.ts checks them case by case).
CREATE OR REPLACE FUNCTION "engagement_rank"(completion float8, reading_seconds float8, pages int, visits int, downloaded boolean)
RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE
    WHEN (completion >= 0.8 AND (CASE WHEN pages > 0 THEN reading_seconds / pages ELSE 0 END) >= 10)
      OR (completion >= 0.5 AND (visits >= 2 OR downloaded)) THEN 4
    WHEN completion >= 0.5 AND (CASE WHEN pages > 0 THEN reading_seconds / pages ELSE 0 END) >= 5 THEN 3
    WHEN completion >= 0.2 OR pages >= 2 THEN 2
    WHEN pages >= 1 THEN 1
    ELSE 0 END)::smallint
$$;
