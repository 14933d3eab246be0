import type { QuestionRow } from "./serialize-question";

/** The email telling a reader their question was answered, with the answer and where to read it. */
export function answerEmail(question: Pick<QuestionRow, "text" | "shareCode"> & { about: string }, answer: string, url: string) {
  return {
    subject: `Your question about ${question.about} was answered`,
    body: [
      `You asked about ${question.about}:`,
      "",
      quote(question.text),
      "",
      "The answer:",
      "",
      quote(answer),
      "",
      `Read it, and everything answered since, at ${url}`,
    ].join("\n"),
  };
}

const quote = (text: string) =>
  text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
