import { getAnalyticsOverview, getDocumentStats, listDocumentLeads, listDocumentViewers } from "../contract/analytics";
import { getDocument, listTeamDocuments } from "../contract/documents";
import { createDocumentLink, listDocumentLinks } from "../contract/links";
import { toolOf } from "./operation-tool";
import { addDocumentToRoom, createDataRoom, createDataRoomLink, getRoom, getRoomStats, listTeamRooms } from "./room-tools";
import type { McpTool } from "./tool";

/** Every tool, in the order tools/list shows them: documents, their analytics, links, then rooms. */
export const TOOLS: readonly McpTool[] = [
  toolOf(listTeamDocuments),
  toolOf(getDocument),
  toolOf(getDocumentStats),
  toolOf(listDocumentViewers),
  toolOf(listDocumentLeads),
  toolOf(getAnalyticsOverview),
  toolOf(listDocumentLinks),
  toolOf(createDocumentLink),
  listTeamRooms,
  getRoom,
  getRoomStats,
  createDataRoom,
  addDocumentToRoom,
  createDataRoomLink,
];
