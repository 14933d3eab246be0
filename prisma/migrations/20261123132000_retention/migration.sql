-- What the retention job (lib/retention/prune-expired.ts) reads to find rows past their horizon,
-- so each bounded delete walks an index instead of the table.
CREATE INDEX "track_batches_received_at_idx" ON "track_batches"("received_at");
CREATE INDEX "webhook_deliveries_status_created_at_idx" ON "webhook_deliveries"("status", "created_at");
CREATE INDEX "events_created_at_idx" ON "events"("created_at");
CREATE INDEX "notifications_status_created_at_idx" ON "notifications"("status", "created_at");

-- An event is pruned only once no delivery points at it; this answers that (and the foreign key
-- check of each deleted event) without scanning the deliveries.
CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries"("event_id");
