import { db } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import { groupVisibility } from "../rooms/group-visibility";
import type { ReaderQuestion } from "../schemas/questions";
import type { QuestionSubject } from "./question-subject";

/** The newest questions a reader is shown at once; older ones stay in the team's inbox. */
export const READER_QUESTIONS_SHOWN = 100;

/**
 * What a reader reads at `GET /s/<code>/questions`: their own questions with every answer, and
 * others' questions with the answers published to them. `group` reaches the readers of the asker's
 * room group (in a room: the group of the link it was asked through, the whole-room links' readers
 * counting as one; outside a room: the readers of the same code), `room` every reader of the room
 * (outside a room: of the document). In a room, nothing about a document the reader's group cannot
 * see is shown but their own. Under a room's document only that document's questions; under the
 * room's code all the room's.
 */
export async function readerQuestions(subject: QuestionSubject, email: string): Promise<ReaderQuestion[]> {
  const groupId = subject.room?.groupId ?? null;
  const publishedTo: Prisma.AnswerWhereInput = subject.room
    ? { OR: [{ visibility: "room" }, { visibility: "group", question: { groupId } }] }
    : { OR: [{ visibility: "room" }, { visibility: "group", question: { shareCode: subject.shareCode } }] };
  const questions = await db.question.findMany({
    where: {
      teamId: subject.teamId,
      ...(subject.room ? { roomId: subject.room.id } : { roomId: null }),
      ...(subject.document && { documentId: subject.document.id }),
      OR: [{ askerEmail: email }, { answers: { some: publishedTo } }],
    },
    include: {
      document: { select: { code: true, title: true } },
      answers: {
        orderBy: { createdAt: "asc" },
        include: { author: { select: { name: true } }, revisions: { select: { id: true }, take: 1 } },
      },
    },
    orderBy: { createdAt: "desc" },
    take: READER_QUESTIONS_SHOWN,
  });
  const hidden = subject.room && groupId ? await hiddenDocuments(subject.room.id, groupId, questions) : new Set<string>();
  return questions.flatMap((question) => {
    const mine = question.askerEmail === email;
    if (!mine && question.documentId && hidden.has(question.documentId)) return [];
    const answers = mine
      ? question.answers
      : question.answers.filter(
          (answer) =>
            answer.visibility === "room" ||
            (answer.visibility === "group" && (subject.room ? question.groupId === groupId : question.shareCode === subject.shareCode)),
        );
    return [
      {
        id: question.id,
        text: question.text,
        page: question.page,
        document: question.document,
        mine,
        status: question.status,
        asked_at: question.createdAt.toISOString(),
        answers: answers.map((answer) => ({
          id: answer.id,
          text: answer.text,
          author: answer.author?.name ?? null,
          answered_at: answer.createdAt.toISOString(),
          edited: answer.revisions.length > 0,
        })),
      },
    ];
  });
}

/** The documents of these questions the group's readers cannot see now (out of the room, deleted, or at `none`). */
async function hiddenDocuments(roomId: string, groupId: string, questions: { documentId: string | null }[]): Promise<Set<string>> {
  const ids = [...new Set(questions.flatMap((q) => (q.documentId ? [q.documentId] : [])))];
  if (ids.length === 0) return new Set();
  const [entries, levels] = await Promise.all([
    db.roomDocument.findMany({
      where: { roomId, documentId: { in: ids }, document: { deletedAt: null } },
      select: { documentId: true, folderId: true },
    }),
    groupVisibility(roomId, groupId),
  ]);
  const visible = new Set(entries.filter((e) => levels.document(e.documentId, e.folderId) !== "none").map((e) => e.documentId));
  return new Set(ids.filter((id) => !visible.has(id)));
}
