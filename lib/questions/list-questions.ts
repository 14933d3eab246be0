import { db } from "../db/client";
import { parseShortCode } from "../documents/short-code";
import type { Prisma } from "../generated/prisma/client";
import type { ListQuestionsQuery } from "../schemas/questions";
import { questionIncludes, serializeQuestion } from "./serialize-question";

/**
 * The team's inbox, newest first: across all its documents and rooms, or one room's (`room_id`),
 * one document's (`short_code`, in or out of rooms), by status and by assignee. A filter naming
 * something that is not the team's finds nothing, as another team's question is never found.
 */
export async function listQuestions(teamId: string, query: ListQuestionsQuery) {
  const where: Prisma.QuestionWhereInput = {
    teamId,
    ...(query.room_id && { roomId: query.room_id }),
    ...(query.short_code && { document: { code: parseShortCode(query.short_code) ?? "" } }),
    ...(query.status && { status: query.status }),
    ...(query.assignee && { assigneeId: query.assignee }),
  };
  const [total, rows] = await Promise.all([
    db.question.count({ where }),
    db.question.findMany({
      where,
      include: questionIncludes,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.per_page,
      take: query.per_page,
    }),
  ]);
  return {
    questions: rows.map(serializeQuestion),
    pagination: { page: query.page, per_page: query.per_page, total, total_pages: Math.ceil(total / query.per_page) },
  };
}
