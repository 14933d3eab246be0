import type { z } from "../schemas/zod";
import { RATE_LIMIT } from "../rate-limit";
import type { documentStatsSchema, leadListSchema, overviewSchema, viewerListSchema } from "../schemas/analytics";
import type { auditLogSchema } from "../schemas/audit";
import type { errorSchema } from "../schemas/common";
import type { documentListSchema, documentSchema, updateDocumentSchema, uploadBodySchema } from "../schemas/documents";
import type { EventEnvelope, EventKind, webhookTestEventSchema } from "../schemas/events";
import type { createLinkSchema, linkListSchema, linkSchema, updateLinkSchema } from "../schemas/links";
import type {
  addRoomDocumentSchema,
  createFolderSchema,
  createRoomLinkSchema,
  createRoomSchema,
  moveRoomDocumentSchema,
  roomDetailSchema,
  roomDocumentSchema,
  roomFolderSchema,
  roomLinkListSchema,
  roomLinkSchema,
  roomListSchema,
  roomSchema,
  roomStatsSchema,
  roomViewerListSchema,
  updateFolderSchema,
  updateRoomLinkSchema,
  updateRoomSchema,
} from "../schemas/rooms";
import type {
  teamInvitationInputSchema,
  teamInvitationSchema,
  teamMemberSchema,
  teamSchema,
  transferOwnershipSchema,
  updateMemberSchema,
} from "../schemas/teams";
import type { documentVersionListSchema, versionChangeSchema } from "../schemas/versions";
import type { webhookConfigurationSchema, webhookInputSchema, webhookSchema, webhookTestResultSchema } from "../schemas/webhooks";

/**
 * One example per request body and response of the OpenAPI document: one team's deck, its link
 * and its data room, so that the examples tell one story across operations. Typed against the
 * schemas so TypeScript catches most drift; lib/http/openapi-examples.test.ts validates each one
 * against the published JSON Schema, which catches the rest.
 */

type Out<T extends z.ZodType> = z.output<T>;
type In<T extends z.ZodType> = z.input<T>;

const BASE_URL = "http://localhost:3000";
const DOCUMENT_ID = "2f1b6c3e-9a4d-4e8b-b7c1-5d0e9f3a2b61";
const ROOM_ID = "6f1c2b7e-8d4a-4c3b-9e2f-1a0b9c8d7e6f";
const FOLDER_ID = "0b6f2c1e-6d1b-4f7e-9a8e-3c2d1b0a9f8e";
const OWNER_ID = "9d2e4f6a-1b3c-4d5e-8f7a-6b5c4d3e2f1a";
const MEMBER_ID = "4a3b2c1d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const WEBHOOK_ID = "7c8d9e0f-1a2b-4c3d-9e4f-5a6b7c8d9e0f";
const CODE = "k3j9x0q2ab";
const SHORT_CODE = `s-${CODE}`;
const LINK_CODE = "p4x8m2k7qa";
const ROOM_CODE = "r7m2x9k4pq";
const EVENT_ID = "evt_3kTq9WbZr0aXv7NcP2mLs8Hd";
const TITLE = "Q3 board deck";
const CREATED_AT = "2026-01-15T09:30:00.000Z";
const READ_AT = "2026-01-16T14:05:00.000Z";
const READER = { email: "jane@acme.com", company_domain: "acme.com" };

const pagination = (total: number) => ({ page: 1, per_page: 20, total, total_pages: 1 });

// Documents

export const documentExample = {
  id: DOCUMENT_ID,
  title: TITLE,
  short_code: SHORT_CODE,
  url: `${BASE_URL}/s/${CODE}`,
  page_count: 12,
  original_filename: "q3-board-deck.pdf",
  created_at: CREATED_AT,
  is_active: true,
  settings: {
    email_gate: true,
    gate_type: "preview",
    gate_page: 3,
    allow_download: true,
    block_free_emails: false,
    password: false,
    notifications_enabled: true,
    expires_at: null,
    verify_email: false,
    allow: [],
    block: [],
    watermark: null,
    agreement: null,
  },
  version: 1,
} satisfies Out<typeof documentSchema>;

/** Multipart fields are text on the wire; the document describes them with the types they are read as. */
export const uploadExample = {
  file: "(the PDF's bytes)",
  title: TITLE,
  gate_type: "preview",
  gate_page: 3,
  allow_download: true,
} satisfies Partial<Record<keyof In<typeof uploadBodySchema>, unknown>>;

export const documentListExample = {
  documents: [
    {
      id: DOCUMENT_ID,
      title: TITLE,
      short_code: SHORT_CODE,
      url: documentExample.url,
      page_count: 12,
      views: 42,
      unique_viewers: 17,
      leads_count: 5,
      engagement_summary: { label: "High Interest", type: "hot" },
    },
  ],
  pagination: pagination(1),
} satisfies Out<typeof documentListSchema>;

export const documentUpdateExample = { title: "Q3 board deck (final)", gate_page: 2, allow_download: false } satisfies In<
  typeof updateDocumentSchema
>;

export const documentStatsExample = {
  views: 42,
  unique_viewers: 17,
  total_time_seconds: 3150.5,
  avg_time_seconds: 75.01,
  avg_completion: 0.6842,
  downloads: 3,
  page_analytics: [
    { page: 1, views: 42, avg_time_seconds: 12.4 },
    { page: 2, views: 35, avg_time_seconds: 9.8 },
    { page: 3, views: 30, avg_time_seconds: 21.05 },
  ],
  engagement_breakdown: { label: "High Interest", type: "hot" },
} satisfies Out<typeof documentStatsSchema>;

export const viewerListExample = {
  viewers: [
    {
      viewer_id: "anon_3fK9sLm2QpX7aB1c",
      ...READER,
      first_viewed_at: READ_AT,
      last_viewed_at: "2026-01-18T08:12:40.000Z",
      visits: 3,
      pages_viewed: 12,
      total_pages: 12,
      completion: 1,
      total_time_seconds: 412.5,
      downloaded: true,
      engagement_label: "High Interest",
      agreement_accepted_at: null,
    },
  ],
  total_viewers: 1,
  pagination: pagination(1),
} satisfies Out<typeof viewerListSchema>;

export const leadListExample = {
  leads: [{ ...READER, name: "Jane Doe", captured_at: READ_AT, engagement_label: "High Interest", verified: false }],
  pagination: pagination(1),
} satisfies Out<typeof leadListSchema>;

export const overviewExample = {
  period: { since: "2026-01-01", until: null },
  totals: { documents: 8, total_views: 240, unique_viewers: 96, leads_captured: 31, avg_completion: 0.57 },
  top_documents: [{ short_code: SHORT_CODE, title: TITLE, views: 42, completion: 0.6842, leads: 5 }],
  engagement_breakdown: { high_interest: 12, read: 20, skimmed: 30, opened: 14, not_opened: 20 },
} satisfies Out<typeof overviewSchema>;

// Links

export const linkExample = {
  code: LINK_CODE,
  url: `${BASE_URL}/s/${LINK_CODE}`,
  name: "Sequoia — Jane",
  is_active: true,
  document: { short_code: SHORT_CODE, title: TITLE },
  settings: {
    email_gate: true,
    gate_type: "preview",
    gate_page: 3,
    allow_download: false,
    block_free_emails: false,
    password: false,
    expires_at: "2026-12-31T23:59:59.000Z",
    verify_email: false,
    allow: [],
    block: [],
    watermark: null,
    agreement: null,
  },
  overrides: ["allow_download", "expires_at"],
  stats: { views: 4, unique_viewers: 1, leads: 1, downloads: 0, last_viewed_at: READ_AT },
  created_at: CREATED_AT,
  updated_at: CREATED_AT,
} satisfies Out<typeof linkSchema>;

export const linkListExample = { links: [linkExample], pagination: pagination(1) } satisfies Out<typeof linkListSchema>;

export const linkCreateExample = {
  name: "Sequoia — Jane",
  settings: { allow_download: false, expires_at: "2026-12-31T23:59:59Z" },
} satisfies In<typeof createLinkSchema>;

export const linkUpdateExample = {
  settings: { watermark: "Confidential · {email} · {date}" },
  inherit: ["allow_download"],
} satisfies In<typeof updateLinkSchema>;

// Versions

export const versionListExample = {
  versions: [
    {
      number: 2,
      page_count: 14,
      size_bytes: 512_204,
      original_filename: "q3-board-deck-v2.pdf",
      created_at: "2026-01-20T10:00:00.000Z",
      created_by: { user_id: OWNER_ID, email: "sam@acme-capital.com", name: "Sam Lee" },
      is_current: true,
    },
    {
      number: 1,
      page_count: 12,
      size_bytes: 482_113,
      original_filename: "q3-board-deck.pdf",
      created_at: CREATED_AT,
      created_by: { user_id: OWNER_ID, email: "sam@acme-capital.com", name: "Sam Lee" },
      is_current: false,
    },
  ],
} satisfies Out<typeof documentVersionListSchema>;

export const versionChangeExample = {
  ...documentExample,
  page_count: 14,
  original_filename: "q3-board-deck-v2.pdf",
  version: 2,
  gate_page_clamped: null,
  links_gate_page_clamped: [],
  gate_page_restored: null,
  links_gate_page_restored: [],
} satisfies Out<typeof versionChangeSchema>;

export const versionUploadExample = { file: "(the PDF's bytes)" };

export const pdfExample = "%PDF-1.7 (the PDF's bytes)";

// Webhooks

const WEBHOOK_URL = "https://crm.acme.com/hooks/pagewise";
const WEBHOOK_EVENTS = ["document.viewed", "lead.captured"] as const satisfies readonly EventKind[];

export const webhookInputExample = { url: WEBHOOK_URL, events: [...WEBHOOK_EVENTS] } satisfies In<typeof webhookInputSchema>;

export const webhookUpdatedExample = {
  webhook_id: WEBHOOK_ID,
  url: WEBHOOK_URL,
  events: [...WEBHOOK_EVENTS],
  is_active: true,
} satisfies Out<typeof webhookSchema>;

export const webhookCreatedExample = {
  ...webhookUpdatedExample,
  secret: "whsec_8Jx2Qm4Rt6Vy0Bn3Cd5Fg7Hk9Lp1Ns",
} satisfies Out<typeof webhookSchema>;

export const webhookConfigurationExample = {
  webhook: {
    webhook_id: WEBHOOK_ID,
    url: WEBHOOK_URL,
    events: [...WEBHOOK_EVENTS],
    is_active: true,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    consecutive_failures: 0,
    disabled_at: null,
    disabled_reason: null,
  },
  deliveries: [
    {
      delivery_id: "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6",
      event_id: EVENT_ID,
      event: "lead.captured",
      status: "succeeded",
      attempts: 1,
      response_status: 200,
      error: null,
      duration_ms: 84,
      created_at: READ_AT,
      last_attempt_at: READ_AT,
      next_attempt_at: null,
    },
  ],
} satisfies Out<typeof webhookConfigurationSchema>;

export const webhookTestResultExample = {
  delivered: true,
  status_code: 200,
  duration_ms: 84,
  event_id: EVENT_ID,
  error: null,
} satisfies Out<typeof webhookTestResultSchema>;

// Rooms

const roomSettings = {
  email_gate: true,
  gate_type: "full",
  allow_download: true,
  password: false,
  expires_at: null,
  verify_email: false,
  allow: [],
  block: [],
  watermark: null,
  agreement: null,
} satisfies Out<typeof roomSchema>["settings"];

export const roomExample = {
  id: ROOM_ID,
  name: "Series A data room",
  description: "Everything for the diligence.",
  code: ROOM_CODE,
  url: `${BASE_URL}/s/${ROOM_CODE}`,
  settings: roomSettings,
  documents_count: 1,
  created_at: CREATED_AT,
} satisfies Out<typeof roomSchema>;

export const roomListExample = { rooms: [roomExample], pagination: pagination(1) } satisfies Out<typeof roomListSchema>;

export const roomFolderExample = { id: FOLDER_ID, name: "Financials", parent_id: null, position: 0 } satisfies Out<typeof roomFolderSchema>;

export const roomDocumentExample = {
  short_code: SHORT_CODE,
  title: TITLE,
  page_count: 12,
  folder_id: FOLDER_ID,
  position: 0,
} satisfies Out<typeof roomDocumentSchema>;

export const roomDetailExample = {
  ...roomExample,
  folders: [roomFolderExample],
  documents: [roomDocumentExample],
} satisfies Out<typeof roomDetailSchema>;

export const roomCreateExample = {
  name: "Series A data room",
  description: "Everything for the diligence.",
  settings: { gate_type: "full", allow_download: false },
} satisfies In<typeof createRoomSchema>;

export const roomUpdateExample = { settings: { expires_at: "2026-12-31T23:59:59Z" } } satisfies In<typeof updateRoomSchema>;

export const roomDocumentAddExample = { short_code: SHORT_CODE, folder_id: FOLDER_ID } satisfies In<typeof addRoomDocumentSchema>;

export const roomDocumentMoveExample = { folder_id: null, position: 0 } satisfies In<typeof moveRoomDocumentSchema>;

export const roomFolderCreateExample = { name: "Financials", parent_id: null } satisfies In<typeof createFolderSchema>;

export const roomFolderUpdateExample = { name: "Financials 2025", position: 1 } satisfies In<typeof updateFolderSchema>;

export const roomLinkExample = {
  code: LINK_CODE,
  url: `${BASE_URL}/s/${LINK_CODE}`,
  name: "Sequoia — Jane",
  is_active: true,
  settings: { ...roomSettings, expires_at: "2026-12-31T23:59:59.000Z" },
  overrides: ["expires_at"],
  created_at: CREATED_AT,
} satisfies Out<typeof roomLinkSchema>;

export const roomLinkListExample = { links: [roomLinkExample], pagination: pagination(1) } satisfies Out<typeof roomLinkListSchema>;

export const roomLinkCreateExample = {
  name: "Sequoia — Jane",
  settings: { expires_at: "2026-12-31T23:59:59Z" },
} satisfies In<typeof createRoomLinkSchema>;

export const roomLinkUpdateExample = { is_active: false } satisfies In<typeof updateRoomLinkSchema>;

export const roomStatsExample = {
  views: 9,
  unique_viewers: 3,
  leads: 2,
  total_time_seconds: 1260,
  avg_time_seconds: 140,
  downloads: 4,
  zip_downloads: 1,
  documents: [
    {
      short_code: SHORT_CODE,
      title: TITLE,
      page_count: 12,
      views: 9,
      unique_viewers: 3,
      total_time_seconds: 1260,
      avg_time_seconds: 140,
      avg_completion: 0.72,
    },
  ],
  links: [
    { code: LINK_CODE, name: "Sequoia — Jane", views: 6, unique_viewers: 1 },
    { code: ROOM_CODE, name: null, views: 3, unique_viewers: 2 },
  ],
} satisfies Out<typeof roomStatsSchema>;

export const roomViewerListExample = {
  viewers: [
    {
      viewer_id: "anon_3fK9sLm2QpX7aB1c",
      ...READER,
      name: "Jane Doe",
      first_viewed_at: READ_AT,
      last_viewed_at: "2026-01-18T08:12:40.000Z",
      visits: 2,
      total_time_seconds: 540,
      documents_opened: 1,
      links: [{ code: LINK_CODE, name: "Sequoia — Jane" }],
      documents: [
        {
          short_code: SHORT_CODE,
          title: TITLE,
          viewer_id: "anon_3fK9sLm2QpX7aB1c",
          visits: 2,
          pages_viewed: 10,
          total_pages: 12,
          completion: 0.8333,
          total_time_seconds: 540,
          first_viewed_at: READ_AT,
          last_viewed_at: "2026-01-18T08:12:40.000Z",
          downloads: 1,
          zip_downloads: 1,
        },
      ],
      agreement_accepted_at: "2026-01-16T14:03:10.000Z",
    },
  ],
  total_viewers: 1,
  pagination: pagination(1),
} satisfies Out<typeof roomViewerListSchema>;

// Team

const owner = {
  user_id: OWNER_ID,
  email: "sam@acme-capital.com",
  name: "Sam Lee",
  role: "owner",
  joined_at: "2025-11-02T08:00:00.000Z",
} satisfies Out<typeof teamMemberSchema>;

export const teamMemberExample = {
  user_id: MEMBER_ID,
  email: "alex@acme-capital.com",
  name: "Alex Kim",
  role: "admin",
  joined_at: "2025-12-01T16:20:00.000Z",
} satisfies Out<typeof teamMemberSchema>;

export const teamExample = {
  team: { id: "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f", name: "Acme Capital" },
  members: [owner, teamMemberExample],
} satisfies Out<typeof teamSchema>;

export const newOwnerExample = { ...teamMemberExample, role: "owner" } satisfies Out<typeof teamMemberSchema>;

export const teamInvitationInputExample = { email: "robin@acme-capital.com", role: "member" } satisfies In<
  typeof teamInvitationInputSchema
>;

export const teamInvitationExample = {
  invitation: {
    id: "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e",
    email: "robin@acme-capital.com",
    role: "member",
    url: `${BASE_URL}/sign-up?invite=Yx7pQ2mWv9Lr4Tn8Ks3Dh6Fb`,
    expires_at: "2026-01-22T09:30:00.000Z",
  },
} satisfies Out<typeof teamInvitationSchema>;

export const memberUpdateExample = { role: "admin" } satisfies In<typeof updateMemberSchema>;

export const transferExample = { user_id: MEMBER_ID } satisfies In<typeof transferOwnershipSchema>;

export const auditLogExample = {
  entries: [
    {
      id: "8e9f0a1b-2c3d-4e5f-9a6b-7c8d9e0f1a2b",
      action: "document.updated",
      actor: {
        type: "api_key",
        user_id: OWNER_ID,
        email: "sam@acme-capital.com",
        name: "Sam Lee",
        api_key_id: "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0",
        api_key_name: "CRM sync",
      },
      address: "203.0.113.7",
      target: { type: "document", id: SHORT_CODE, label: TITLE },
      details: { changes: { title: { from: "Q3 deck", to: TITLE } } },
      created_at: "2026-01-17T11:45:00.000Z",
    },
  ],
  pagination: pagination(1),
} satisfies Out<typeof auditLogSchema>;

// Errors: one example per status, in docs/api-contract.md's envelope.

export const errorExamples: Record<number, Out<typeof errorSchema>> = {
  400: { error: { code: "bad_request", message: 'per_page must be an integer from 1 to 100 (got "500")' } },
  401: { error: { code: "unauthorized", message: "Missing API key. Send it as: Authorization: Bearer <API_KEY>." } },
  403: { error: { code: "forbidden", message: "Your role in this team does not allow this." } },
  413: { error: { code: "payload_too_large", message: "The file is larger than the 100 MB allowed." } },
  422: {
    error: { code: "validation_error", message: "gate_page must be at least 1", fields: { gate_page: "gate_page must be at least 1" } },
  },
  429: { error: { code: "rate_limited", message: `Rate limit of ${RATE_LIMIT} requests per minute exceeded. Retry in 12 s.` } },
  500: { error: { code: "internal_error", message: "Something went wrong on our side. Request id: 3f2a9c1e" } },
};

/** The 404 of an operation, naming what it did not find. */
export const notFoundExample = (resource: string): Out<typeof errorSchema> => ({
  error: { code: "not_found", message: `${resource} not found` },
});

// Events, as a webhook receives them

const eventDocument = { id: DOCUMENT_ID, title: TITLE, short_code: `s/${CODE}`, url: documentExample.url };
const eventLink = { code: LINK_CODE, name: "Sequoia — Jane" };
const event = <K extends EventKind>(kind: K, data: EventEnvelope<K>["data"]): EventEnvelope<K> => ({
  id: EVENT_ID,
  event: kind,
  created_at: READ_AT,
  data,
});

export const eventExamples: { [K in EventKind]: EventEnvelope<K> } = {
  "document.viewed": event("document.viewed", {
    document: eventDocument,
    link: eventLink,
    viewer: {
      ...READER,
      pages_viewed: 5,
      total_pages: 12,
      completion: 0.4167,
      time_spent_seconds: 95.5,
      engagement_label: "Read",
      visit_number: 1,
    },
  }),
  "document.completed": event("document.completed", {
    document: eventDocument,
    link: eventLink,
    viewer: { ...READER, completion: 1, time_spent_seconds: 412.5, visit_number: 2 },
  }),
  "lead.captured": event("lead.captured", {
    document: eventDocument,
    link: eventLink,
    lead: { ...READER, name: "Jane Doe", pages_viewed: 3, total_pages: 12, time_spent_seconds: 41.2 },
  }),
  "viewer.revisited": event("viewer.revisited", {
    document: eventDocument,
    link: eventLink,
    viewer: {
      ...READER,
      visit_number: 2,
      first_viewed_at: "2026-01-14T09:00:00.000Z",
      hours_since_first_view: 53.08,
      engagement_label: "Read",
    },
  }),
  "engagement.milestone": event("engagement.milestone", {
    document: eventDocument,
    link: eventLink,
    room: { id: ROOM_ID, name: "Series A data room", code: ROOM_CODE },
    viewer: {
      ...READER,
      engagement_label: "High Interest",
      previous_label: "Read",
      completion: 0.9167,
      pages_viewed: 11,
      total_pages: 12,
      time_spent_seconds: 388,
      visit_number: 2,
    },
    milestone: "high_interest",
  }),
  "document.uploaded": event("document.uploaded", {
    document: eventDocument,
    link: { code: CODE, name: null },
    upload: { original_filename: "q3-board-deck.pdf", page_count: 12, size_bytes: 482_113, settings: documentExample.settings },
  }),
  "document.downloaded": event("document.downloaded", {
    document: eventDocument,
    link: eventLink,
    viewer: { ...READER, visit_number: 2 },
    download: { downloaded_at: READ_AT },
  }),
  "document.updated": event("document.updated", {
    document: eventDocument,
    link: { code: CODE, name: null },
    version: {
      number: 2,
      page_count: 14,
      size_bytes: 512_204,
      original_filename: "q3-board-deck-v2.pdf",
      previous_number: 1,
      restored: false,
    },
    gate_page_clamped: null,
    gate_page_restored: null,
  }),
};

export const webhookTestEventExample = {
  id: EVENT_ID,
  event: "webhook.test",
  created_at: READ_AT,
  data: { webhook_id: WEBHOOK_ID, message: "This is a test event from Pagewise. Your endpoint received and can verify it." },
} satisfies Out<typeof webhookTestEventSchema>;
