-- Applies one acknowledged reading beacon (lib/viewer/ingest-batch.ts appends them; roll_up_beacons
-- applies them in order). p_visit_id is the key the reader was answered with: a visit's id, a key
-- joined to a visit (visit_keys), or a new key, which becomes the id of the visit the beacon starts.
CREATE OR REPLACE FUNCTION "ingest_track_batch"(
  p_document_id uuid, p_team_id uuid, p_page_count int, p_event_document jsonb,
  p_gate_viewer_id uuid, p_browser_id text, p_new_public_id text,
  p_new_viewer_key text, p_new_viewer_limit int, p_new_viewer_window_start timestamptz, p_new_viewer_window_end timestamptz,
  p_batch_id text, p_visit_id uuid, p_pages int[], p_seconds float8[], p_at timestamptz,
  p_event_ids text[], p_rules jsonb, p_labels text[],
  p_device_type text, p_browser text, p_os text,
  p_link_id uuid, p_event_link jsonb, p_version int,
  p_room_id uuid, p_room_link_id uuid, p_event_room jsonb
) RETURNS TABLE (outcome text, visit_id uuid) LANGUAGE plpgsql AS $$
DECLARE
  v_viewer_id uuid;
  w viewers%ROWTYPE;
  vis visits%ROWTYPE;
  prev visits%ROWTYPE;
  v_has_prev boolean := false;
  v_started boolean := false;
  v_existing uuid;
  v_named boolean := false;
  v_new_id uuid;
  v_claimed float8;
  v_allowed float8;
  v_scale float8;
  v_added float8;
  v_visit_pages int;
  v_version_pages int;
  v_version_completion float8;
  v_pages int;
  v_total_pages int;
  v_visits int;
  v_completion float8;
  v_total float8;
  v_rank smallint;
  v_first_viewed timestamptz;
  v_viewed_event boolean;
  v_revisit_event boolean;
  v_completed_event boolean;
  v_milestone_event boolean;
  v_payload jsonb;
  v_identity jsonb;
  v_room jsonb;
  v_since_first timestamptz;
  v_new_viewers int;
BEGIN
  IF p_gate_viewer_id IS NOT NULL THEN
    SELECT id INTO v_viewer_id FROM viewers WHERE id = p_gate_viewer_id AND document_id = p_document_id;
  END IF;
  IF v_viewer_id IS NULL THEN
    SELECT id INTO v_viewer_id FROM viewers WHERE document_id = p_document_id AND browser_id = p_browser_id;
  END IF;
  IF v_viewer_id IS NULL THEN
    -- A new reader counts against the hourly allowance of new readers its address may add to the
    -- document; past it nothing is recorded (and the refusal needs no disk flush).
    INSERT INTO rate_limit_windows (key, window_start, expires_at, count)
    VALUES (p_new_viewer_key, p_new_viewer_window_start, p_new_viewer_window_end, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
    RETURNING count INTO v_new_viewers;
    IF v_new_viewers > p_new_viewer_limit THEN
      PERFORM set_config('synchronous_commit', 'off', true);
      RETURN QUERY SELECT 'capped'::text, NULL::uuid;
      RETURN;
    END IF;
    INSERT INTO viewers (id, public_id, document_id, browser_id, created_at)
    VALUES (gen_random_uuid(), p_new_public_id, p_document_id, p_browser_id, p_at)
    ON CONFLICT (document_id, browser_id) DO NOTHING;
    SELECT id INTO v_viewer_id FROM viewers WHERE document_id = p_document_id AND browser_id = p_browser_id;
  END IF;
  -- Batches of one viewer apply one at a time, each from the aggregates the previous one left.
  SELECT * INTO w FROM viewers WHERE id = v_viewer_id FOR UPDATE;

  SELECT tb.visit_id INTO v_existing FROM track_batches tb WHERE tb.id = p_batch_id;
  IF FOUND THEN
    IF NOT EXISTS (SELECT 1 FROM visits WHERE id = v_existing AND viewer_id = w.id) THEN
      RETURN QUERY SELECT 'batch_reused'::text, NULL::uuid;
    ELSE
      RETURN QUERY SELECT 'repeated'::text, v_existing;
    END IF;
    RETURN;
  END IF;

  IF p_visit_id IS NOT NULL THEN
    SELECT * INTO vis FROM visits WHERE id = p_visit_id;
    IF NOT FOUND THEN
      SELECT v.* INTO vis FROM visit_keys k JOIN visits v ON v.id = k.visit_id WHERE k.key = p_visit_id;
    END IF;
    -- A key that names no visit of this viewer, document, link and room (never used yet, or
    -- another reader's) goes on as a beacon without one does.
    v_named := FOUND AND vis.viewer_id = w.id AND vis.document_id = p_document_id AND vis.link_id IS NOT DISTINCT FROM p_link_id
       AND vis.room_id IS NOT DISTINCT FROM p_room_id AND vis.room_link_id IS NOT DISTINCT FROM p_room_link_id;
  END IF;
  -- A visit reads one version: a batch of another one than the visit named (the version it read
  -- is no longer kept) goes on as a visit without one does.
  IF NOT v_named OR vis.version <> p_version THEN
    SELECT * INTO prev FROM visits WHERE viewer_id = w.id ORDER BY number DESC LIMIT 1;
    v_has_prev := FOUND;
    IF v_has_prev AND p_at - prev.last_activity_at < make_interval(secs => (p_rules->>'visit_idle_seconds')::float8)
       AND prev.link_id IS NOT DISTINCT FROM p_link_id AND prev.version = p_version
       -- A visit belongs to one room and room link as it does to one link: reading the document
       -- through another (or outside any room) starts a new visit.
       AND prev.room_id IS NOT DISTINCT FROM p_room_id AND prev.room_link_id IS NOT DISTINCT FROM p_room_link_id THEN
      vis := prev;
      v_has_prev := false;
      -- The reader's key now continues this visit. A visit keeps at most 100 keys (a tab each), so
      -- beacons with made-up keys cannot grow the table without end; a key past them still
      -- continues the visit by the idle-time rule.
      IF p_visit_id IS NOT NULL AND p_visit_id <> prev.id THEN
        INSERT INTO visit_keys (key, visit_id) SELECT p_visit_id, prev.id
        WHERE NOT EXISTS (SELECT 1 FROM visits WHERE id = p_visit_id)
          AND (SELECT count(*) FROM visit_keys k WHERE k.visit_id = prev.id) < 100
        ON CONFLICT (key) DO NOTHING;
      END IF;
    ELSE
      v_started := true;
      -- The visit takes the reader's key as its id unless the key is already in use.
      v_new_id := CASE WHEN p_visit_id IS NULL OR EXISTS (SELECT 1 FROM visits WHERE id = p_visit_id)
        OR EXISTS (SELECT 1 FROM visit_keys WHERE key = p_visit_id) THEN gen_random_uuid() ELSE p_visit_id END;
      INSERT INTO visits (id, document_id, viewer_id, number, started_at, last_activity_at, device_type, browser, os, link_id, version, page_count,
                          room_id, room_link_id)
      VALUES (v_new_id, p_document_id, w.id, CASE WHEN v_has_prev THEN prev.number + 1 ELSE 1 END, p_at, p_at, p_device_type, p_browser, p_os,
              p_link_id, p_version, p_page_count, p_room_id, p_room_link_id)
      RETURNING * INTO vis;
    END IF;
  END IF;

  INSERT INTO track_batches (id, visit_id, received_at) VALUES (p_batch_id, vis.id, p_at) ON CONFLICT (id) DO NOTHING;
  IF NOT FOUND THEN
    -- The same id sent at the same moment by another viewer.
    RETURN QUERY SELECT 'batch_reused'::text, NULL::uuid;
    RETURN;
  END IF;

  -- Never more reading time than wall-clock time since the visit's last batch, and never more in
  -- the whole visit than its wall-clock duration, the first batch's allowance and one slack (a
  -- slack per batch would let many small batches inflate the visit).
  SELECT coalesce(sum(s), 0) INTO v_claimed FROM unnest(p_seconds) s;
  v_allowed := CASE WHEN v_started THEN (p_rules->>'first_batch_max_seconds')::float8
    ELSE greatest(0, least(
      extract(epoch FROM p_at - vis.last_activity_at)::float8 + (p_rules->>'clock_slack_seconds')::float8,
      extract(epoch FROM p_at - vis.started_at)::float8 + (p_rules->>'first_batch_max_seconds')::float8
        + (p_rules->>'clock_slack_seconds')::float8 - vis.total_time_seconds)) END;
  v_scale := CASE WHEN v_claimed > v_allowed THEN v_allowed / v_claimed ELSE 1 END;

  INSERT INTO page_times (visit_id, page, document_id, visit_started_at, seconds, viewed, updated_at)
  SELECT vis.id, p.page, p_document_id, vis.started_at, p.seconds * v_scale, p.seconds * v_scale >= (p_rules->>'page_viewed_seconds')::float8, p_at
  FROM unnest(p_pages, p_seconds) AS p(page, seconds)
  ON CONFLICT ON CONSTRAINT page_times_pkey DO UPDATE SET
    seconds = page_times.seconds + EXCLUDED.seconds,
    viewed = page_times.viewed OR page_times.seconds + EXCLUDED.seconds >= (p_rules->>'page_viewed_seconds')::float8,
    updated_at = EXCLUDED.updated_at;
  SELECT coalesce(sum(s * v_scale), 0) INTO v_added FROM unnest(p_seconds) s;

  SELECT count(*)::int INTO v_visit_pages FROM page_times pt WHERE pt.visit_id = vis.id AND pt.viewed;
  UPDATE visits SET total_time_seconds = total_time_seconds + v_added, pages_viewed = v_visit_pages, last_activity_at = p_at
  WHERE id = vis.id RETURNING * INTO vis;

  INSERT INTO viewer_days (viewer_id, day, version, document_id, visits, seconds, pages)
  SELECT w.id, (vis.started_at AT TIME ZONE 'UTC')::date, p_version, p_document_id, CASE WHEN v_started THEN 1 ELSE 0 END, v_added,
         coalesce(bit_or(set_bit(repeat('0', p_page_count)::varbit, pt.page - 1, 1)), repeat('0', p_page_count)::varbit)
  FROM page_times pt WHERE pt.visit_id = vis.id AND pt.viewed
  ON CONFLICT ON CONSTRAINT viewer_days_pkey DO UPDATE SET
    visits = viewer_days.visits + EXCLUDED.visits,
    seconds = viewer_days.seconds + EXCLUDED.seconds,
    pages = viewer_days.pages | EXCLUDED.pages;
  -- The distinct pages of this version the viewer has viewed: the union of its days' pages (cheaper
  -- than counting distinct pages over every page row of the viewer's visits).
  SELECT coalesce(bit_count(bit_or(vd.pages)), 0)::int INTO v_version_pages FROM viewer_days vd
  WHERE vd.viewer_id = w.id AND vd.version = p_version;

  v_visits := w.visits + CASE WHEN v_started THEN 1 ELSE 0 END;
  -- Completion is against the version read, and a viewer's is that of the version they read
  -- furthest (then the one with more pages). The batch changed only this version's, so the best is
  -- this one's or the best before it.
  v_version_completion := least(1, v_version_pages::float8 / p_page_count);
  IF v_version_completion > w.completion OR (v_version_completion = w.completion AND v_version_pages > w.pages_viewed) THEN
    v_completion := v_version_completion;
    v_pages := v_version_pages;
  ELSE
    v_completion := w.completion;
    v_pages := w.pages_viewed;
  END IF;
  -- What those pages are out of (lib/rules/completion.ts completionPageCount).
  v_total_pages := CASE WHEN v_pages > 0 THEN round(v_pages / v_completion)::int ELSE p_page_count END;
  v_total := w.total_time_seconds + v_added;
  v_rank := engagement_rank(v_completion, v_total, v_pages, v_visits, w.downloaded);
  v_first_viewed := coalesce(w.first_viewed_at, p_at);
  v_viewed_event := v_started AND (w.last_viewed_event_at IS NULL
    OR p_at - w.last_viewed_event_at >= make_interval(secs => (p_rules->>'viewed_debounce_seconds')::float8));
  v_revisit_event := v_started AND v_has_prev
    AND p_at - prev.last_activity_at >= make_interval(secs => (p_rules->>'revisit_after_seconds')::float8);
  v_completed_event := v_completion >= 1 AND w.completed_event_at IS NULL;
  v_milestone_event := v_rank = 4 AND w.milestone_event_at IS NULL;

  UPDATE viewers SET
    visits = v_visits, pages_viewed = v_pages, completion = v_completion, total_time_seconds = v_total,
    engagement_rank = v_rank, first_viewed_at = v_first_viewed, last_viewed_at = p_at,
    last_viewed_event_at = CASE WHEN v_viewed_event THEN p_at ELSE last_viewed_event_at END,
    completed_event_at = CASE WHEN v_completed_event THEN p_at ELSE completed_event_at END,
    milestone_event_at = CASE WHEN v_milestone_event THEN p_at ELSE milestone_event_at END
  WHERE id = w.id;

  UPDATE documents SET
    views = views + CASE WHEN v_started THEN 1 ELSE 0 END,
    unique_viewers = unique_viewers + CASE WHEN v_started AND w.visits = 0 THEN 1 ELSE 0 END,
    total_time_seconds = total_time_seconds + v_added,
    completion_sum = completion_sum + v_completion - CASE WHEN w.visits > 0 THEN w.completion ELSE 0 END,
    engagement_rank = greatest(engagement_rank, v_rank)
  WHERE id = p_document_id;
  IF v_rank < w.engagement_rank THEN
    -- This viewer may have been the most engaged one: take the maximum over all viewers again.
    UPDATE documents SET engagement_rank = (SELECT coalesce(max(engagement_rank), 0) FROM viewers WHERE document_id = p_document_id)
    WHERE id = p_document_id;
  END IF;

  -- Events, as lib/viewer/viewer-figures.ts and lib/viewer/ingest-batch.ts shape them.
  v_identity := CASE WHEN w.email IS NOT NULL THEN jsonb_build_object('email', w.email, 'company_domain', w.company_domain) ELSE '{}'::jsonb END;
  -- `room` is additive and present only for a read in a room.
  v_room := CASE WHEN p_event_room IS NOT NULL THEN jsonb_build_object('room', p_event_room) ELSE '{}'::jsonb END;
  IF v_viewed_event THEN
    v_payload := jsonb_build_object('document', p_event_document, 'link', p_event_link, 'viewer', v_identity || jsonb_build_object(
      'pages_viewed', v_pages, 'total_pages', v_total_pages, 'completion', round(v_completion::numeric, 4)::float8,
      'time_spent_seconds', round(v_total::numeric, 2)::float8, 'engagement_label', p_labels[v_rank + 1], 'visit_number', vis.number)) || v_room;
    INSERT INTO events (id, team_id, document_id, type, payload, created_at) VALUES (p_event_ids[1], p_team_id, p_document_id, 'document.viewed',
      jsonb_build_object('id', p_event_ids[1], 'event', 'document.viewed', 'created_at', iso_time(p_at), 'data', v_payload), p_at);
  END IF;
  IF v_revisit_event THEN
    v_since_first := coalesce(v_first_viewed, prev.started_at);
    v_payload := jsonb_build_object('document', p_event_document, 'link', p_event_link, 'viewer', v_identity || jsonb_build_object(
      'visit_number', vis.number, 'first_viewed_at', iso_time(v_since_first),
      'hours_since_first_view', round((extract(epoch FROM p_at - v_since_first) / 3600)::numeric, 1)::float8,
      'engagement_label', p_labels[v_rank + 1])) || v_room;
    INSERT INTO events (id, team_id, document_id, type, payload, created_at) VALUES (p_event_ids[2], p_team_id, p_document_id, 'viewer.revisited',
      jsonb_build_object('id', p_event_ids[2], 'event', 'viewer.revisited', 'created_at', iso_time(p_at), 'data', v_payload), p_at);
  END IF;
  IF v_completed_event THEN
    v_payload := jsonb_build_object('document', p_event_document, 'link', p_event_link, 'viewer', v_identity || jsonb_build_object(
      'completion', 1, 'time_spent_seconds', round(v_total::numeric, 2)::float8, 'visit_number', vis.number)) || v_room;
    INSERT INTO events (id, team_id, document_id, type, payload, created_at) VALUES (p_event_ids[3], p_team_id, p_document_id, 'document.completed',
      jsonb_build_object('id', p_event_ids[3], 'event', 'document.completed', 'created_at', iso_time(p_at), 'data', v_payload), p_at);
  END IF;
  IF v_milestone_event THEN
    v_payload := jsonb_build_object('document', p_event_document, 'link', p_event_link, 'viewer', v_identity || jsonb_build_object(
      'engagement_label', p_labels[v_rank + 1], 'previous_label', p_labels[w.engagement_rank + 1],
      'completion', round(v_completion::numeric, 4)::float8, 'pages_viewed', v_pages, 'total_pages', v_total_pages,
      'time_spent_seconds', round(v_total::numeric, 2)::float8, 'visit_number', vis.number), 'milestone', 'high_interest') || v_room;
    INSERT INTO events (id, team_id, document_id, type, payload, created_at) VALUES (p_event_ids[4], p_team_id, p_document_id, 'engagement.milestone',
      jsonb_build_object('id', p_event_ids[4], 'event', 'engagement.milestone', 'created_at', iso_time(p_at), 'data', v_payload), p_at);
  END IF;
  IF v_viewed_event OR v_revisit_event OR v_completed_event OR v_milestone_event THEN
    -- Wakes the delivery runners when the transaction commits (NOTIFY is transactional).
    PERFORM pg_notify('pagewise_events', '');
  END IF;

  RETURN QUERY SELECT 'applied'::text, vis.id;
END $$;
