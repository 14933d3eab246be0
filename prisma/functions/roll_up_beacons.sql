-- Applies up to p_limit acknowledged beacons in the order they were appended, each by
-- ingest_track_batch, and deletes them, in one transaction (lib/beacons/roll-up-beacons.ts): each
-- is applied exactly once, with its events, or not at all. One roll-up runs at a time per database
-- (a transaction-level advisory lock): with p_wait false another one running answers -1 at once.
-- p_only, when given, limits it to those beacons (tests apply their own).
-- A beacon whose document, link, room or room link is gone is dropped, as its rows would have been.
CREATE OR REPLACE FUNCTION "roll_up_beacons"(p_limit int, p_wait boolean, p_rules jsonb, p_labels text[], p_only bigint[])
RETURNS TABLE (seq bigint, outcome text, visit_id uuid) LANGUAGE plpgsql AS $$
DECLARE
  b beacons%ROWTYPE;
  r record;
  v_seqs bigint[];
BEGIN
  IF p_wait THEN
    PERFORM pg_advisory_xact_lock(72707370);
  ELSIF NOT pg_try_advisory_xact_lock(72707370) THEN
    RETURN QUERY SELECT -1::bigint, 'busy'::text, NULL::uuid;
    RETURN;
  END IF;
  SELECT array_agg(s.seq ORDER BY s.seq) INTO v_seqs FROM (
    SELECT bc.seq FROM beacons bc WHERE bc.error IS NULL AND (p_only IS NULL OR bc.seq = ANY(p_only)) ORDER BY bc.seq LIMIT p_limit
  ) s;
  IF v_seqs IS NULL THEN
    RETURN;
  END IF;
  -- The round's existing viewers are locked first, in id order, before any document row: gate
  -- passes and downloads lock a viewer, then its document, so taking a document (for one beacon)
  -- before another beacon's viewer would let the two wait for each other.
  PERFORM 1 FROM viewers v WHERE v.id IN (
    SELECT v2.id FROM beacons bc JOIN viewers v2 ON v2.document_id = bc.document_id AND v2.browser_id = bc.browser_id
    WHERE bc.seq = ANY(v_seqs)
    UNION
    SELECT bc.gate_viewer_id FROM beacons bc WHERE bc.seq = ANY(v_seqs) AND bc.gate_viewer_id IS NOT NULL
  ) ORDER BY v.id FOR UPDATE;
  FOR b IN SELECT * FROM beacons bc WHERE bc.seq = ANY(v_seqs) ORDER BY bc.seq LOOP
    IF NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = b.document_id)
       OR (b.link_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM links l WHERE l.id = b.link_id))
       OR (b.room_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM rooms rm WHERE rm.id = b.room_id))
       OR (b.room_link_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM room_links rl WHERE rl.id = b.room_link_id)) THEN
      seq := b.seq; outcome := 'gone'; visit_id := NULL;
    ELSE
      SELECT * INTO r FROM ingest_track_batch(
        b.document_id, b.team_id, b.page_count, b.event_document, b.gate_viewer_id, b.browser_id, b.new_public_id,
        b.new_viewer_key, b.new_viewer_limit, b.window_start, b.window_end,
        b.batch_id, b.visit_key, b.pages, b.seconds, b.received_at, b.event_ids, p_rules, p_labels,
        b.device_type, b.browser, b.os, b.link_id, b.event_link, b.version, b.room_id, b.room_link_id, b.event_room);
      seq := b.seq; outcome := r.outcome; visit_id := r.visit_id;
    END IF;
    DELETE FROM beacons bc WHERE bc.seq = b.seq;
    RETURN NEXT;
  END LOOP;
END $$;
