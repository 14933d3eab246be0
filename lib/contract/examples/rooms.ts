import type {
  roomDetailSchema,
  roomDocumentSchema,
  roomFolderSchema,
  roomLinkListSchema,
  roomLinkSchema,
  roomListSchema,
  roomSchema,
} from "../../schemas/rooms";
import type { roomActivityListSchema, roomStatsSchema, roomViewerListSchema } from "../../schemas/room-analytics";
import type { roomGroupListSchema, roomGroupSchema } from "../../schemas/room-groups";
import {
  BASE_URL,
  CREATED_AT,
  FOLDER_ID,
  LINK_CODE,
  type Out,
  READ_AT,
  READER,
  ROOM_CODE,
  ROOM_ID,
  SHORT_CODE,
  TITLE,
  pagination,
} from "./story";

/** What a data room's operations answer: one room, its folder, its document and its link. */

const roomSettings = {
  email_gate: true,
  gate_type: "full",
  allow_download: true,
  allow_questions: true,
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

export const roomFolderExample = { id: FOLDER_ID, name: "Financials", parent_id: null, position: 0, index: "1" } satisfies Out<
  typeof roomFolderSchema
>;

export const roomDocumentExample = {
  short_code: SHORT_CODE,
  title: TITLE,
  page_count: 12,
  folder_id: FOLDER_ID,
  position: 0,
  index: "1.1",
} satisfies Out<typeof roomDocumentSchema>;

const GROUP_ID = "5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b";

export const roomGroupExample = {
  id: GROUP_ID,
  name: "Bidder A",
  default_access: "none",
  access: [
    { folder_id: FOLDER_ID, short_code: null, level: "download" },
    { folder_id: null, short_code: SHORT_CODE, level: "view" },
  ],
  links_count: 1,
  created_at: CREATED_AT,
} satisfies Out<typeof roomGroupSchema>;

export const roomGroupListExample = { groups: [roomGroupExample] } satisfies Out<typeof roomGroupListSchema>;

export const roomDetailExample = {
  ...roomExample,
  groups: [{ id: GROUP_ID, name: "Bidder A", default_access: "none" }],
  folders: [{ ...roomFolderExample, access: [{ group_id: GROUP_ID, level: "download", set: "download", inherited: "none" }] }],
  documents: [{ ...roomDocumentExample, access: [{ group_id: GROUP_ID, level: "view", set: "view", inherited: "download" }] }],
} satisfies Out<typeof roomDetailSchema>;

export const roomLinkExample = {
  code: LINK_CODE,
  url: `${BASE_URL}/s/${LINK_CODE}`,
  name: "Sequoia — Jane",
  is_active: true,
  settings: { ...roomSettings, expires_at: "2026-12-31T23:59:59.000Z" },
  overrides: ["expires_at"],
  group_id: GROUP_ID,
  created_at: CREATED_AT,
} satisfies Out<typeof roomLinkSchema>;

export const roomLinkListExample = { links: [roomLinkExample], pagination: pagination(1) } satisfies Out<typeof roomLinkListSchema>;

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

export const roomActivityListExample = {
  activity: [
    {
      id: "5d0c7a3e-2b1f-4e8a-9c6d-7f1e2a3b4c5d",
      kind: "document_viewed",
      at: "2026-01-18T08:03:40.000Z",
      email: READER.email,
      link: { code: LINK_CODE, name: "Sequoia — Jane" },
      group: { id: GROUP_ID, name: "Bidder A" },
      document: { short_code: SHORT_CODE, title: TITLE, index: "1.1" },
      pages: 10,
      seconds: 540,
      agreement_text: null,
      documents_count: null,
    },
    {
      id: "8a2e4f6b-1c3d-4e5f-8a9b-0c1d2e3f4a5b",
      kind: "agreement_accepted",
      at: "2026-01-18T08:03:10.000Z",
      email: READER.email,
      link: { code: LINK_CODE, name: "Sequoia — Jane" },
      group: { id: GROUP_ID, name: "Bidder A" },
      document: null,
      pages: null,
      seconds: null,
      agreement_text: "Everything in this room is confidential.",
      documents_count: null,
    },
  ],
  pagination: pagination(2),
} satisfies Out<typeof roomActivityListSchema>;
