-- Invariants the schema language cannot state (see documents_invariants.sql): an accent that is not
-- `#rrggbb` in lower case, or a logo only half described, is refused by the database itself.
CREATE OR REPLACE FUNCTION "teams_branding_invariants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."accent_color" IS NOT NULL AND NEW."accent_color" !~ '^#[0-9a-f]{6}$' THEN
    RAISE EXCEPTION 'teams: accent_color must be #rrggbb in lower case' USING ERRCODE = 'check_violation';
  END IF;
  IF num_nulls(NEW."logo_key", NEW."logo_content_type", NEW."logo_size", NEW."logo_width", NEW."logo_height", NEW."logo_hash")
     NOT IN (0, 6) THEN
    RAISE EXCEPTION 'teams: a logo has its key, type, size, width, height and hash, or none of them' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
