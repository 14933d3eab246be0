-- A timestamp as the API writes it (ISO 8601, UTC, milliseconds), for JSON built in SQL.
CREATE OR REPLACE FUNCTION "iso_time"(at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
