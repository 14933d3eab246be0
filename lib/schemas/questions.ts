import { withoutNul } from "../request/nul-characters";
import { MAX_ANSWER_LENGTH, MAX_QUESTION_LENGTH } from "../rules/questions";
import { paginationQuery, paginationSchema } from "./common";
import { unknownFields } from "./links";
import { z } from "./zod";

/** Questions and answers (issue 44; additive, not in docs/api-contract.md). */

export const QUESTION_STATUSES = ["open", "closed"] as const;
export const ANSWER_VISIBILITIES = ["asker", "group", "room"] as const;

const text = (max: number) =>
  z
    .string({ error: "text must be a string" })
    .trim()
    .min(1, "text must not be empty")
    .max(max, `text must be at most ${max} characters`)
    .refine(withoutNul, "text must not contain NUL characters");

/** What a reader sends from the viewer or the room: the question, and the page they were on. */
export const askQuestionSchema = z.strictObject(
  {
    text: text(MAX_QUESTION_LENGTH),
    page: z
      .number({ error: "page must be an integer from 1" })
      .int("page must be an integer from 1")
      .min(1, "page must be an integer from 1")
      .max(1_000_000, "page must be an integer from 1")
      .optional(),
  },
  unknownFields,
);

export type AskQuestion = z.infer<typeof askQuestionSchema>;

const visibility = z.enum(ANSWER_VISIBILITIES, { error: "visibility must be one of asker, group, room" }).openapi({
  description:
    "`asker`: only the reader who asked; `group`: every reader of the asker's room group (the whole-room links' readers when asked through one); `room`: every reader of the room (outside a room, of the document) who may see what it is about",
});

export const answerQuestionSchema = z
  .strictObject({ text: text(MAX_ANSWER_LENGTH), visibility }, unknownFields)
  .openapi("AnswerCreate", { example: { text: "Yes: the lease runs until 2031, see page 14.", visibility: "room" } });

export type AnswerInput = z.infer<typeof answerQuestionSchema>;

export const updateAnswerSchema = z
  .strictObject({ text: text(MAX_ANSWER_LENGTH) }, unknownFields)
  .openapi("AnswerUpdate", { example: { text: "Yes: the lease runs until 2031, see page 14 and schedule B." } });

export const updateQuestionSchema = z
  .strictObject(
    {
      status: z
        .enum(QUESTION_STATUSES, { error: "status must be open or closed" })
        .optional()
        .openapi({ description: "`closed` closes it, `open` reopens it" }),
      assignee_id: z
        .uuid({ error: "assignee_id must be a member's user id (a UUID)" })
        .nullable()
        .optional()
        .openapi({ description: "The member (user id) it is assigned to; null: nobody" }),
    },
    unknownFields,
  )
  .openapi("QuestionUpdate", { example: { status: "closed" } });

export type QuestionUpdate = z.infer<typeof updateQuestionSchema>;

export const questionIdParam = z
  .uuid()
  .openapi({ param: { name: "id", in: "path", description: "The question's id" }, example: "7b1e2d3c-4f5a-4b6c-8d7e-9f0a1b2c3d4e" });

export const answerIdParam = z
  .uuid()
  .openapi({ param: { name: "answer_id", in: "path", description: "The answer's id" }, example: "8c2f3e4d-5a6b-4c7d-9e8f-0a1b2c3d4e5f" });

export const listQuestionsQuery = z.object({
  ...paginationQuery.shape,
  room_id: z
    .uuid({ error: "room_id must be a room's id (a UUID)" })
    .optional()
    .openapi({ param: { name: "room_id", in: "query", description: "Only the questions asked in this room" } }),
  short_code: z
    .string()
    .regex(/^(s-)?[a-z0-9]{10}$/, "short_code must be a document's short code (s-<code>)")
    .optional()
    .openapi({ param: { name: "short_code", in: "query", description: "Only the questions about this document (`s-<code>`)" } }),
  status: z
    .enum(QUESTION_STATUSES, { error: "status must be open or closed" })
    .optional()
    .openapi({ param: { name: "status", in: "query", description: "Only open or only closed questions" } }),
  assignee: z
    .uuid({ error: "assignee must be a member's user id (a UUID)" })
    .optional()
    .openapi({ param: { name: "assignee", in: "query", description: "Only the questions assigned to this member (user id)" } }),
});

export type ListQuestionsQuery = z.infer<typeof listQuestionsQuery>;

const timestamp = z.string().openapi({ format: "date-time" });

export const answerSchema = z
  .object({
    id: z.uuid(),
    text: z.string(),
    visibility: z.enum(ANSWER_VISIBILITIES),
    author: z
      .object({ user_id: z.uuid(), name: z.string().nullable(), email: z.string() })
      .nullable()
      .openapi({ description: "null once the author's account is deleted" }),
    created_at: timestamp,
    updated_at: timestamp,
    revisions: z
      .array(z.object({ text: z.string(), author_id: z.uuid().nullable(), written_at: timestamp }))
      .openapi({ description: "Earlier wordings, oldest first" }),
  })
  .openapi("Answer");

export const questionSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(QUESTION_STATUSES),
    text: z.string(),
    page: z.number().int().nullable().openapi({ description: "The page the reader was on; null: about the whole document or room" }),
    asker_email: z.string().openapi({ description: "The email the reader passed the gate with" }),
    share_code: z.string().openapi({ description: "The code the reader opened (`/s/<code>`)" }),
    document: z
      .object({ short_code: z.string(), title: z.string() })
      .nullable()
      .openapi({ description: "The document asked about; null: asked about a room itself" }),
    room: z.object({ id: z.uuid(), name: z.string() }).nullable().openapi({ description: "The room it was asked in; null outside a room" }),
    group_id: z.uuid().nullable().openapi({ description: "The room group whose link it was asked through; null: none" }),
    assignee: z.object({ user_id: z.uuid(), name: z.string().nullable(), email: z.string() }).nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    closed_at: timestamp.nullable(),
    answers: z.array(answerSchema).openapi({ description: "Oldest first" }),
  })
  .openapi("Question");

export const questionListSchema = z.object({ questions: z.array(questionSchema), pagination: paginationSchema }).openapi("QuestionList");

/** What a reader sees of a question at `GET /s/<code>/questions`: never another reader's email. */
export type ReaderQuestion = {
  id: string;
  text: string;
  page: number | null;
  document: { code: string; title: string } | null;
  mine: boolean;
  status: (typeof QUESTION_STATUSES)[number];
  asked_at: string;
  answers: Array<{ id: string; text: string; author: string | null; answered_at: string; edited: boolean }>;
};
