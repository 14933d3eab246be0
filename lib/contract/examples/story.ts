import type { z } from "../../schemas/zod";
import { type documentSchema, settingsSchema } from "../../schemas/documents";
import { defaultApiSettings, SHARING_SETTING_KEYS } from "../../schemas/sharing-settings";

/**
 * The examples' one story (a team's deck, its link, its data room, its members): the names and
 * ids every tag's examples share, so that they agree across operations. Each example is typed
 * against its schema with `satisfies`; lib/http/openapi-examples.test.ts validates each one
 * against the published JSON Schema, which catches the rest.
 */

export type Out<T extends z.ZodType> = z.output<T>;
export type In<T extends z.ZodType> = z.input<T>;

export const BASE_URL = "http://localhost:3000";
export const DOCUMENT_ID = "2f1b6c3e-9a4d-4e8b-b7c1-5d0e9f3a2b61";
export const ROOM_ID = "6f1c2b7e-8d4a-4c3b-9e2f-1a0b9c8d7e6f";
export const FOLDER_ID = "0b6f2c1e-6d1b-4f7e-9a8e-3c2d1b0a9f8e";
export const OWNER_ID = "9d2e4f6a-1b3c-4d5e-8f7a-6b5c4d3e2f1a";
export const MEMBER_ID = "4a3b2c1d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
export const WEBHOOK_ID = "7c8d9e0f-1a2b-4c3d-9e4f-5a6b7c8d9e0f";
export const CODE = "k3j9x0q2ab";
export const SHORT_CODE = `s-${CODE}`;
export const LINK_CODE = "p4x8m2k7qa";
export const ROOM_CODE = "r7m2x9k4pq";
export const EVENT_ID = "evt_3kTq9WbZr0aXv7NcP2mLs8Hd";
export const TITLE = "Q3 board deck";
export const CREATED_AT = "2026-01-15T09:30:00.000Z";
export const READ_AT = "2026-01-16T14:05:00.000Z";
export const READER = { email: "jane@acme.com", company_domain: "acme.com" };

export const pagination = (total: number) => ({ page: 1, per_page: 20, total, total_pages: 1 });

export const documentExample = {
  id: DOCUMENT_ID,
  title: TITLE,
  short_code: SHORT_CODE,
  url: `${BASE_URL}/s/${CODE}`,
  page_count: 12,
  original_filename: "q3-board-deck.pdf",
  created_at: CREATED_AT,
  is_active: true,
  settings: settingsSchema.parse(defaultApiSettings(SHARING_SETTING_KEYS)),

  version: 1,
  source_type: null,
} satisfies Out<typeof documentSchema>;

export const ENGAGEMENT_HOT = { label: "High Interest", type: "hot" } as const;
