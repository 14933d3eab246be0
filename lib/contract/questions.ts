import { answerQuestion } from "../questions/answer-question";
import { editAnswer } from "../questions/edit-answer";
import { findOwnedQuestion } from "../questions/find-question";
import { listQuestions } from "../questions/list-questions";
import { serializeQuestion } from "../questions/serialize-question";
import { updateQuestion } from "../questions/update-question";
import { json } from "../http/respond";
import {
  answerIdParam,
  answerQuestionSchema,
  listQuestionsQuery,
  questionIdParam,
  questionListSchema,
  questionSchema,
  updateAnswerSchema,
  updateQuestionSchema,
} from "../schemas/questions";
import { CREATED_AT, MEMBER_ID, READ_AT, READER, ROOM_ID, SHORT_CODE, TITLE, type Out, ROOM_CODE, pagination } from "./examples/story";
import { defineOperation } from "./operation";
import type { PathParam } from "./path-params";
import { ADDS, READS } from "./tool-hints";

/**
 * Questions and answers (issue 44; additive, not in docs/api-contract.md): what readers asked
 * from the viewer or a room, and the team's answers to them.
 */

const questionId: PathParam<string> = {
  schema: questionIdParam,
  what: "Question",
  argument: "question_id",
  resolve: async (_a, v: string) => v,
};
const answerId: PathParam<string> = { schema: answerIdParam, what: "Answer", resolve: async (_a, v: string) => v };

const VISIBILITY =
  "`asker`: only the reader who asked; `group`: every reader of the asker's room group (in a room, the group of the link it was asked through, the whole-room links' readers counting as one; outside a room, the readers of the same code); `room`: every reader of the room (outside a room, of the document). A reader never sees anything about a document their group cannot see.";

const questionExample = {
  id: "7b1e2d3c-4f5a-4b6c-8d7e-9f0a1b2c3d4e",
  status: "open",
  text: "Does the office lease run past 2030?",
  page: 12,
  asker_email: READER.email,
  share_code: ROOM_CODE,
  document: { short_code: SHORT_CODE, title: TITLE },
  room: { id: ROOM_ID, name: "Series A data room" },
  group_id: null,
  assignee: { user_id: MEMBER_ID, name: "Sam Member", email: "sam@example.com" },
  created_at: CREATED_AT,
  updated_at: READ_AT,
  closed_at: null,
  answers: [
    {
      id: "8c2f3e4d-5a6b-4c7d-9e8f-0a1b2c3d4e5f",
      text: "Yes: the lease runs until 2031, see page 14.",
      visibility: "room",
      author: { user_id: MEMBER_ID, name: "Sam Member", email: "sam@example.com" },
      created_at: READ_AT,
      updated_at: READ_AT,
      revisions: [],
    },
  ],
} satisfies Out<typeof questionSchema>;

export const listTeamQuestions = defineOperation({
  method: "GET",
  path: "/api/v1/questions",
  operationId: "listQuestions",
  summary: "The team's questions, newest first",
  description: "Across every document and room, or filtered by room, document, status and assignee; each with its answers.",
  tag: "Questions",
  can: "documents.read",
  query: listQuestionsQuery,
  response: {
    status: 200,
    description: "Questions",
    schema: questionListSchema,
    example: { questions: [questionExample], pagination: pagination(1) },
  },
  errors: [400],
  handle: ({ access, query }) => listQuestions(access.teamId, query),
  mcp: {
    name: "list_questions",
    title: "List readers' questions",
    description:
      "The questions readers asked about the team's documents and data rooms, newest first, each with its answers, status and assignee; filters room_id, short_code, status (open|closed) and assignee (a member's user id). Same answer as GET /api/v1/questions.",
    annotations: READS,
  },
});

export const getTeamQuestion = defineOperation({
  method: "GET",
  path: "/api/v1/questions/{id}",
  operationId: "getQuestion",
  summary: "Get a question with its answers",
  tag: "Questions",
  can: "documents.read",
  params: { id: questionId },
  response: { status: 200, description: "The question", schema: questionSchema, example: questionExample },
  handle: async ({ access, params }) => serializeQuestion(await findOwnedQuestion(access.teamId, params.id)),
});

export const updateTeamQuestion = defineOperation({
  method: "PATCH",
  path: "/api/v1/questions/{id}",
  operationId: "updateQuestion",
  summary: "Assign, close or reopen a question",
  description: "Only the fields sent change. `assignee_id` must be a member of the team (422 otherwise).",
  tag: "Questions",
  can: "documents.write",
  params: { id: questionId },
  body: { schema: updateQuestionSchema },
  response: { status: 200, description: "The question", schema: questionSchema, example: questionExample },
  errors: [400, 422],
  handle: async ({ access, params, body }) => updateQuestion(access.teamId, params.id, await body()),
});

export const answerTeamQuestion = defineOperation({
  method: "POST",
  path: "/api/v1/questions/{id}/answers",
  operationId: "answerQuestion",
  summary: "Answer a question",
  description: `${VISIBILITY} The asker is emailed the answer, and \`question.answered\` is sent to webhooks that list it.`,
  tag: "Questions",
  can: "documents.write",
  params: { id: questionId },
  body: { schema: answerQuestionSchema },
  response: { status: 201, description: "The question with its new answer", schema: questionSchema, example: questionExample },
  errors: [400, 422],
  handle: async ({ access, params, body }) => answerQuestion(access, params.id, await body()),
  reply: (question) => json(question, 201),
  mcp: {
    name: "answer_question",
    title: "Answer a reader's question",
    description: `Answers a reader's question (question_id from list_questions) with text and a visibility. ${VISIBILITY} The asker is emailed. Same answer as POST /api/v1/questions/{id}/answers.`,
    annotations: ADDS,
  },
});

export const editTeamAnswer = defineOperation({
  method: "PATCH",
  path: "/api/v1/questions/{id}/answers/{answer_id}",
  operationId: "updateAnswer",
  summary: "Change an answer's text",
  description: "The wording it had is kept in its `revisions`, with who wrote it and when.",
  tag: "Questions",
  can: "documents.write",
  params: { id: questionId, answer_id: answerId },
  body: { schema: updateAnswerSchema },
  response: { status: 200, description: "The question with the changed answer", schema: questionSchema, example: questionExample },
  errors: [400, 422],
  handle: async ({ access, params, body }) => editAnswer(access, params.id, params.answer_id, (await body()).text),
});

export const QUESTION_OPERATIONS = [listTeamQuestions, getTeamQuestion, updateTeamQuestion, answerTeamQuestion, editTeamAnswer];
