-- AlterTable
ALTER TABLE "teams" ADD COLUMN     "accent_color" VARCHAR(7),
ADD COLUMN     "hide_pagewise_mark" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "logo_content_type" TEXT,
ADD COLUMN     "logo_hash" VARCHAR(64),
ADD COLUMN     "logo_height" INTEGER,
ADD COLUMN     "logo_key" TEXT,
ADD COLUMN     "logo_size" INTEGER,
ADD COLUMN     "logo_width" INTEGER;

-- Invariants Prisma cannot state; a BEFORE trigger rather than CHECK constraints for the reason in
-- 20261121095500_invariants (the engine behind db:check crashes on CHECK): an accent that is not
-- `#rrggbb` in lower case, or a logo only half described, is refused by the database itself.
CREATE FUNCTION "teams_branding_invariants"() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER "teams_branding_invariants" BEFORE INSERT OR UPDATE ON "teams"
  FOR EACH ROW EXECUTE FUNCTION "teams_branding_invariants"();
