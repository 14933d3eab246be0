-- An attempt is recorded before its request is sent; finished_at stays null until it is settled,
-- so an attempt cut off by a crash is found and recorded as interrupted.
ALTER TABLE "webhook_attempts" ADD COLUMN "finished_at" TIMESTAMPTZ(3);
UPDATE "webhook_attempts" SET "finished_at" = "signed_at";
