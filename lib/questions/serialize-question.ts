import { apiShortCode } from "../documents/short-code";
import type { Prisma } from "../generated/prisma/client";
import type { questionSchema } from "../schemas/questions";
import type { z } from "../schemas/zod";

const person = { select: { id: true, name: true, email: true } } as const;

/** What a question's answer in the API reads: its document, room, assignee, answers with authors and revisions. */
export const questionIncludes = {
  document: { select: { code: true, title: true } },
  room: { select: { id: true, name: true } },
  assignee: person,
  answers: {
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { author: person, revisions: { orderBy: { writtenAt: "asc" } } },
  },
} as const satisfies Prisma.QuestionInclude;

export type QuestionRow = Prisma.QuestionGetPayload<{ include: typeof questionIncludes }>;

const personOf = (user: { id: string; name: string | null; email: string } | null) =>
  user ? { user_id: user.id, name: user.name, email: user.email } : null;

export function serializeQuestion(question: QuestionRow): z.input<typeof questionSchema> {
  return {
    id: question.id,
    status: question.status,
    text: question.text,
    page: question.page,
    asker_email: question.askerEmail,
    share_code: question.shareCode,
    document: question.document ? { short_code: apiShortCode(question.document.code), title: question.document.title } : null,
    room: question.room,
    group_id: question.groupId,
    assignee: personOf(question.assignee),
    created_at: question.createdAt.toISOString(),
    updated_at: question.updatedAt.toISOString(),
    closed_at: question.closedAt?.toISOString() ?? null,
    answers: question.answers.map((answer) => ({
      id: answer.id,
      text: answer.text,
      visibility: answer.visibility,
      author: personOf(answer.author),
      created_at: answer.createdAt.toISOString(),
      updated_at: answer.updatedAt.toISOString(),
      revisions: answer.revisions.map((revision) => ({
        text: revision.text,
        author_id: revision.authorId,
        written_at: revision.writtenAt.toISOString(),
      })),
    })),
  };
}
