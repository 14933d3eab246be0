import { db, type Tx } from "../db/client";
import { notFound } from "../errors";
import { questionIncludes, type QuestionRow } from "./serialize-question";

/** The team's question by id, with what its answer shows; 404 for another team's or none. */
export async function findOwnedQuestion(teamId: string, id: string, client: Tx = db): Promise<QuestionRow> {
  const question = await client.question.findFirst({ where: { id, teamId }, include: questionIncludes });
  if (!question) throw notFound("Question");
  return question;
}
