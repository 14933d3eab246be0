import { BODY_LIMITS } from "@/lib/request/read-body";
import { askQuestion } from "@/lib/questions/ask-question";
import { documentSubject, questionAsker, type QuestionSubject, roomSubject } from "@/lib/questions/question-subject";
import { readerQuestions } from "@/lib/questions/reader-questions";
import type { Access } from "@/lib/viewer/grants/access";
import { withShareLink } from "@/lib/http/with-share-link";

/**
 * A reader's questions (issue 44): POST asks one about the document (or the page on), or about the
 * room under a room's code; GET lists the reader's own and the answers published to them. Both only
 * past the gate, with the share doors' limits; asking also has its daily limits.
 */
async function ask(subject: QuestionSubject, access: Access, body: unknown, address: string): Promise<Response> {
  const question = await askQuestion(subject, questionAsker(subject, access), body, address);
  return Response.json({ id: question.id, status: question.status, asked_at: question.createdAt.toISOString() }, { status: 201 });
}

async function list(subject: QuestionSubject, access: Access): Promise<Response> {
  return Response.json({ questions: await readerQuestions(subject, questionAsker(subject, access)) });
}

export const POST = withShareLink("questions", ({ doc, access, body, address }) => ask(documentSubject(doc), access, body, address), {
  maxBody: BODY_LIMITS.question,
  room: ({ share, access, body, address }) => ask(roomSubject(share), access, body, address),
});

export const GET = withShareLink("questions", ({ doc, access }) => list(documentSubject(doc), access), {
  room: ({ share, access }) => list(roomSubject(share), access),
});
