import { getAnalyticsOverview, getDocumentStats, listDocumentLeads, listDocumentViewers } from "../contract/analytics";
import { listContacts } from "../contract/contacts";
import { getDocument, listTeamDocuments } from "../contract/documents";
import { createDocumentLink, listDocumentLinks } from "../contract/links";
import { addDocumentToRoom } from "../contract/room-contents";
import { createDataRoomLink } from "../contract/room-links";
import { createDataRoom, getRoom, getRoomStats, listTeamRooms } from "../contract/rooms";
import { toolOf } from "./operation-tool";
import type { McpTool } from "./tool";

/** Every tool, in the order tools/list shows them: documents, their analytics, the team's contacts, links, then rooms. */
export const TOOLS: readonly McpTool[] = [
  listTeamDocuments,
  getDocument,
  getDocumentStats,
  listDocumentViewers,
  listDocumentLeads,
  getAnalyticsOverview,
  listContacts,
  listDocumentLinks,
  createDocumentLink,
  listTeamRooms,
  getRoom,
  getRoomStats,
  createDataRoom,
  addDocumentToRoom,
  createDataRoomLink,
].map(toolOf);
