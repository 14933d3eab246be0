import { db } from "../db/client";
import { ApiError } from "../errors";
import type { QuestionUpdate } from "../schemas/questions";
import { now } from "../time";
import { findOwnedQuestion } from "./find-question";
import { serializeQuestion } from "./serialize-question";

/**
 * Assigns a question to a member of its team (null: nobody), closes or reopens it. Only the fields
 * sent change; a user who is not a member of the team is 422 on `assignee_id`, and nothing changes.
 */
export async function updateQuestion(teamId: string, id: string, update: QuestionUpdate) {
  if (update.assignee_id) {
    const member = await db.teamMember.findUnique({ where: { teamId_userId: { teamId, userId: update.assignee_id } } });
    if (!member) {
      const message = "assignee_id must be a member of this team";
      throw new ApiError("validation_error", message, { fields: { assignee_id: message } });
    }
  }
  const question = await findOwnedQuestion(teamId, id);
  const closing = update.status !== undefined && update.status !== question.status;
  await db.question.update({
    where: { id: question.id },
    data: {
      ...(update.assignee_id !== undefined && { assigneeId: update.assignee_id }),
      ...(closing && { status: update.status, closedAt: update.status === "closed" ? now() : null }),
    },
  });
  return serializeQuestion(await findOwnedQuestion(teamId, id));
}
