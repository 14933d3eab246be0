import type { EventEnvelope, EventKind, webhookTestEventSchema } from "../../schemas/events";
import {
  CODE,
  DOCUMENT_ID,
  EVENT_ID,
  LINK_CODE,
  type Out,
  READ_AT,
  READER,
  ROOM_CODE,
  ROOM_ID,
  TITLE,
  WEBHOOK_ID,
  documentExample,
} from "./story";

const eventDocument = { id: DOCUMENT_ID, title: TITLE, short_code: `s/${CODE}`, url: documentExample.url };
const eventLink = { code: LINK_CODE, name: "Sequoia — Jane" };
const eventQuestion = {
  id: "7b1e2d3c-4f5a-4b6c-8d7e-9f0a1b2c3d4e",
  text: "Does the office lease run past 2030?",
  page: 12,
  asker_email: READER.email,
  group_id: null,
  asked_at: READ_AT,
};
const event = <K extends EventKind>(kind: K, data: EventEnvelope<K>["data"]): EventEnvelope<K> => ({
  id: EVENT_ID,
  event: kind,
  created_at: READ_AT,
  data,
});

/** Events, as a webhook receives them. */
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
  "question.asked": event("question.asked", {
    document: eventDocument,
    link: { code: ROOM_CODE, name: null },
    room: { id: ROOM_ID, name: "Series A data room", code: ROOM_CODE },
    question: eventQuestion,
  }),
  "question.answered": event("question.answered", {
    document: eventDocument,
    link: { code: ROOM_CODE, name: null },
    room: { id: ROOM_ID, name: "Series A data room", code: ROOM_CODE },
    question: eventQuestion,
    answer: {
      id: "8c2f3e4d-5a6b-4c7d-9e8f-0a1b2c3d4e5f",
      text: "Yes: the lease runs until 2031, see page 14.",
      visibility: "room",
      author_email: "owner@example.com",
      answered_at: READ_AT,
    },
  }),
};

export const webhookTestEventExample = {
  id: EVENT_ID,
  event: "webhook.test",
  created_at: READ_AT,
  data: { webhook_id: WEBHOOK_ID, message: "This is a test event from Pagewise. Your endpoint received and can verify it." },
} satisfies Out<typeof webhookTestEventSchema>;
