import { getAnalyticsOverview, getDocumentStats, listDocumentLeads, listDocumentReaders } from "./analytics-tools";
import { getDocument, searchDocuments } from "./document-tools";
import { createDocumentLink, listDocumentLinks } from "./link-tools";
import { addDocumentToRoom, createDataRoom, createDataRoomLink, getRoom, getRoomStats, listTeamRooms } from "./room-tools";
import type { McpTool } from "./tool";

/** Every tool, in the order tools/list shows them: documents, their analytics, links, then rooms. */
export const TOOLS: readonly McpTool[] = [
  searchDocuments,
  getDocument,
  getDocumentStats,
  listDocumentReaders,
  listDocumentLeads,
  getAnalyticsOverview,
  listDocumentLinks,
  createDocumentLink,
  listTeamRooms,
  getRoom,
  getRoomStats,
  createDataRoom,
  addDocumentToRoom,
  createDataRoomLink,
];
