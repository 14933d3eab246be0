/** One acknowledged reading beacon as the append table holds it (prisma/schema.prisma `Beacon`), in its column names. */
export type BeaconRow = {
  received_at: string;
  document_id: string;
  team_id: string;
  version: number;
  page_count: number;
  event_document: unknown;
  gate_viewer_id: string | null;
  browser_id: string;
  new_public_id: string;
  new_viewer_key: string;
  new_viewer_limit: number;
  window_start: string;
  window_end: string;
  batch_id: string;
  visit_key: string;
  pages: number[];
  seconds: number[];
  event_ids: string[];
  device_type: string | null;
  browser: string | null;
  os: string | null;
  link_id: string | null;
  event_link: unknown;
  room_id: string | null;
  room_link_id: string | null;
  event_room: unknown;
};

/** The channel an append notifies, so a roll-up starts within milliseconds rather than at its next poll. */
export const BEACONS_CHANNEL = "pagewise_beacons";
