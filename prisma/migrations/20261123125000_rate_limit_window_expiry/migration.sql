-- Windows of any length: each row says when it closes, so pruning never cuts a long window short.
ALTER TABLE "rate_limit_windows" ALTER COLUMN "key" TYPE VARCHAR(320);
ALTER TABLE "rate_limit_windows" ADD COLUMN "expires_at" TIMESTAMPTZ(0);
UPDATE "rate_limit_windows" SET "expires_at" = "window_start" + interval '60 seconds';
ALTER TABLE "rate_limit_windows" ALTER COLUMN "expires_at" SET NOT NULL;
DROP INDEX "rate_limit_windows_window_start_idx";
CREATE INDEX "rate_limit_windows_expires_at_idx" ON "rate_limit_windows"("expires_at");
