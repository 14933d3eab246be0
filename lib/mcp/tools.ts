import { getAnalyticsOverview, getDocumentStats, listDocumentLeads, listDocumentViewers } from "../contract/analytics";
import { listContacts } from "../contract/contacts";
import { getDocument, listTeamDocuments } from "../contract/documents";
import { createDocumentLink, listDocumentLinks } from "../contract/links";
import { answerTeamQuestion, listTeamQuestions } from "../contract/questions";
import { addDocumentToRoom } from "../contract/room-contents";
import { createDataRoomLink } from "../contract/room-links";
import { createDataRoom, getRoom, getRoomStats, listTeamRooms } from "../contract/rooms";
import { searchText } from "../contract/search";
import { toolOf } from "./operation-tool";
import type { McpTool } from "./tool";

/** Every tool, in the order tools/list shows them: documents, the words in their pages, their analytics, the team's contacts, links, rooms, then questions. */
export const TOOLS: readonly McpTool[] = [
  listTeamDocuments,
  searchText,
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
  listTeamQuestions,
  answerTeamQuestion,
].map(toolOf);
