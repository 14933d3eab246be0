/**
 * The email gate still ahead of the reader, at this page; `codeSentTo`: the reader already asked for
 * a verification code (a reload keeps them at the code step).
 */
export type ReaderGate = {
  page: number;
  blockFreeEmails: boolean;
  codeSentTo: { email: string; name: string } | null;
  /**
   * Whether codes go to the reader's inbox (SMTP). Without it, a document that verified emails before
   * this server lost its email server keeps the codes in its owner's outbox, and the gate says so.
   */
  codesByEmail: boolean;
};

/** What the share link's page knows about its document, passed to the viewer as it loads and once it has. */
export type ViewerProps = {
  code: string;
  /** The document's version this page shows: its file, page images and beacons are of it. */
  version: number;
  /** The reader's last visit read an older version: when the current one was uploaded (ISO), for "Updated since your last visit". */
  updatedSince: string | null;
  title: string;
  pageCount: number;
  /** Height ÷ width of page 1: every page box takes this shape. */
  pageAspect: number;
  /** Pages this browser may read now (all once every gate is passed). */
  readablePages: number;
  /** Pages 1..pageImages have server-rendered images this browser may see (components/viewer/pages/page-image.tsx). */
  pageImages: number;
  /** The server stopped drawing at page pageImages + 1 for good (a page it cannot draw truly): pdf.js reads from there at once where the file is offered. */
  imagesStopped: boolean;
  /** The PDF pdf.js may read where a page has no image: only while downloads are allowed (the file route refuses it otherwise). */
  file: string | null;
  gate: ReaderGate | null;
  canDownload: boolean;
  downloadHiddenReason: "disabled" | null;
  /** The owner opened their own link: everything shows, nothing is recorded, and a note says so. */
  ownerPreview: boolean;
  /**
   * The digest of this reader's watermark, part of every page image's URL: an `<img>` keeps what it
   * loaded, so a page read before the gate ("anonymous" in its pixels) is fetched again, marked with
   * the reader's email, once the gate is passed and the page refreshed. Null with no watermark.
   */
  imageMark: string | null;
  /** The watermark filled for this reader, laid over pdf.js's canvas (the fallback draws the clean file); null for none. */
  watermark: string | null;
  /** A document opened in a room: the way back to the room's contents. */
  back?: { href: string; label: string } | null;
  /** The reader passed the gate with an email and questions are on: "Ask a question" shows. */
  questions?: boolean;
};
