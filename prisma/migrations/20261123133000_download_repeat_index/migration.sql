-- A viewer's latest download, for "at most once per viewer per 10 minutes".
CREATE INDEX "downloads_viewer_id_created_at_idx" ON "downloads"("viewer_id", "created_at");
