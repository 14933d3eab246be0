import { config } from "../config";
import { completionPageCount } from "../rules/completion";

/** A reader as the digest reports them: cumulative figures, and what is new since the previous digest. */
export type DigestReader = {
  email: string | null;
  /** The reader's company: the domain of the email they gave. */
  company: string | null;
  pagesViewed: number;
  /** Of the version read furthest, which may have another page count than the current one. */
  completion: number;
  totalTimeSeconds: number;
  newLead: boolean;
  finished: boolean;
  /** The data room of the reader's latest visit; null when they last read it outside rooms. */
  room: string | null;
  /** The name of the link (or room link) of the reader's latest visit; null for the document's or room's own code. */
  link: string | null;
};

/** Readers listed by name in one digest; the rest are counted, so a flood of readers stays one short email. */
export const DIGEST_MAX_LINES = 20;

/** "42s", "4m 18s", "1h 5m". */
export function formatReadingTime(seconds: number): string {
  const total = Math.round(seconds);
  if (total < 60) return `${total}s`;
  if (total < 3600) return `${Math.floor(total / 60)}m ${total % 60}s`;
  return `${Math.floor(total / 3600)}h ${Math.floor((total % 3600) / 60)}m`;
}

/** "via Investor link": a link named "Investor" or "Investor link" reads the same. */
const viaLink = (name: string) => ` via ${/\blink$/i.test(name.trim()) ? name.trim() : `${name.trim()} link`}`;

/** "james@acme.com (acme.com) read 12 of 12 pages in 4m 18s via Investor link, in the room “Series A” (new lead, finished)". */
export function readerLine(reader: DigestReader, currentPageCount: number): string {
  const pageCount = completionPageCount(reader.pagesViewed, reader.completion, currentPageCount);
  const who = reader.email === null ? "an anonymous reader" : `${reader.email}${reader.company ? ` (${reader.company})` : ""}`;
  const time = Math.round(reader.totalTimeSeconds) >= 1 ? ` in ${formatReadingTime(reader.totalTimeSeconds)}` : "";
  const read =
    reader.pagesViewed > 0
      ? `read ${reader.pagesViewed} of ${pageCount} ${pageCount === 1 ? "page" : "pages"}${time}`
      : "has not read a page yet";
  const via = reader.link === null ? "" : viaLink(reader.link);
  const room = reader.room === null ? "" : `, in the room “${reader.room}”`;
  const marks = [reader.newLead && "new lead", reader.finished && "finished"].filter(Boolean);
  return `${who} ${read}${via}${room}${marks.length ? ` (${marks.join(", ")})` : ""}`;
}

/** A version that became current since the previous digest (a `document.updated` event). */
export type DigestUpdate = { number: number; pageCount: number; restored: boolean };

/** "Version 3 (12 pages) became current; readers may have read an earlier one." */
export function updateLine(update: DigestUpdate): string {
  const pages = `${update.pageCount} ${update.pageCount === 1 ? "page" : "pages"}`;
  return `Version ${update.number} (${pages}) ${update.restored ? "was restored and is current again" : "was uploaded and is now current"}.`;
}

/** A reader's question about the document asked since the previous digest. */
export type DigestQuestion = { askerEmail: string; page: number | null; text: string };

/** Questions quoted in a digest; a question longer than this is cut, the inbox has it whole. */
const QUESTION_QUOTE_LENGTH = 200;

/** "jane@acme.com asked about page 4: “Does the lease run past 2030?”" */
export function questionLine(question: DigestQuestion): string {
  const text = question.text.length > QUESTION_QUOTE_LENGTH ? `${question.text.slice(0, QUESTION_QUOTE_LENGTH)}…` : question.text;
  return `${question.askerEmail} asked${question.page === null ? "" : ` about page ${question.page}`}: “${text.replace(/\s+/g, " ")}”`;
}

const readers = (n: number) => `${n} ${n === 1 ? "reader" : "readers"}`;

/**
 * The digest of one document: the versions that became current since the previous digest, one
 * line per reader active since then (at most DIGEST_MAX_LINES, most telling first), and how many
 * more there were.
 */
export function digestEmail(
  doc: { title: string; code: string; pageCount: number },
  listed: DigestReader[],
  total: number,
  updates: DigestUpdate[] = [],
  questions: DigestQuestion[] = [],
) {
  const { APP_URL, NOTIFY_DIGEST_MINUTES } = config();
  const more = total - listed.length;
  const lines = listed.map((reader) => `- ${readerLine(reader, doc.pageCount)}`);
  if (more > 0) lines.push(`and ${more} more ${more === 1 ? "reader" : "readers"}`);
  // The document changed under its readers since the previous digest: say so before who read it.
  if (updates.length > 0) lines.unshift(...updates.map(updateLine), "");
  // Questions wait for an answer: they come first, with where to answer them.
  if (questions.length > 0) {
    lines.unshift(...questions.map((q) => `- ${questionLine(q)}`), `Answer in ${APP_URL}/questions?short_code=s-${doc.code}`, "");
  }
  const asked = questions.length === 0 ? "" : `${questions.length} new ${questions.length === 1 ? "question" : "questions"}, `;
  return {
    kind: "document.digest",
    subject: `${total === 0 ? asked.slice(0, -2) : `${asked}${readers(total)}`} on “${doc.title}”`,
    body:
      `${lines.join("\n")}\n\n` +
      `See who read what: ${APP_URL}/documents/${doc.code}\n\n` +
      `Pagewise sends at most one email per document every ${NOTIFY_DIGEST_MINUTES} ${NOTIFY_DIGEST_MINUTES === 1 ? "minute" : "minutes"}. ` +
      `Turn them off in the document's settings, or choose whether new leads and finished reads bring one in ` +
      `${APP_URL}/settings/notifications.`,
  };
}
