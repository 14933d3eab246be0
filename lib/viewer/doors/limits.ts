import { consumeRateLimit } from "../../rate-limit";

/**
 * Limits on the share link's public doors, per client address and per document. A real reader
 * never meets them (a reader sends a beacon every few seconds and a few dozen range requests per
 * document); a script meets them within seconds. Counted in PostgreSQL (lib/rate-limit.ts), so
 * they are exact across processes.
 */
export type ViewerDoor = "page" | "password" | "gate" | "track" | "file" | "download" | "questions" | "search";

/**
 * `perDocument` counts only requests from browsers holding no grant for the document, so readers
 * who passed never meet it. The password and gate doors have none: a budget there would let a
 * handful of addresses lock every reader out. Wrong passwords are slowed instead
 * (lib/viewer/grants/password-attempts.ts), and the gate has its per-address, per-email and per-document
 * limits on what it records and sends.
 */
export type DoorLimits = { perAddress: number; perDocument: number | null; windowSeconds: number };

export const VIEWER_LIMITS: Record<ViewerDoor, DoorLimits> = {
  page: { perAddress: 120, perDocument: 20_000, windowSeconds: 60 },
  password: { perAddress: 10, perDocument: null, windowSeconds: 60 },
  gate: { perAddress: 20, perDocument: null, windowSeconds: 60 },
  track: { perAddress: 600, perDocument: 30_000, windowSeconds: 60 },
  file: { perAddress: 1200, perDocument: 60_000, windowSeconds: 60 },
  download: { perAddress: 20, perDocument: 600, windowSeconds: 60 },
  // Asking has its own daily limits (lib/questions/question-limits.ts); this bounds the reading too.
  questions: { perAddress: 60, perDocument: 6_000, windowSeconds: 60 },
  // A reader searches as they type words, not letters (the viewer searches on Enter): a few a minute.
  search: { perAddress: 30, perDocument: 1_500, windowSeconds: 60 },
};

/**
 * New anonymous readers one address may add to one document in an hour. Past it the reader still
 * reads, but no viewer, visit or download is recorded and no event fires: a script clearing its
 * cookies cannot fill an owner's analytics and webhooks. The gate never uses this allowance: an
 * email typed there is always recorded.
 */
export const NEW_VIEWERS_PER_ADDRESS_PER_HOUR = 30;

/**
 * Emails new to a document one address may bring through its gate in an hour; past it the gate
 * answers 429. Generous, for an office behind one address; a script meets it within minutes.
 */
export const GATE_NEW_READERS_PER_ADDRESS_PER_HOUR = 100;

/**
 * Agreements a document's readers may newly accept from one address in an hour; past it 429. Each
 * acceptance is kept with the agreement's text (up to 20,000 characters), so without a bound a
 * script clearing its cookies could store gigabytes a day. A browser's repeat acceptance of the
 * same text is on file already and records nothing.
 */
export const NEW_ACCEPTANCES_PER_ADDRESS_PER_HOUR = 100;

/** `document.downloaded` (and the download it counts) at most once per viewer in this long. */
export const DOWNLOAD_REPEAT_SECONDS = 10 * 60;

/** The hourly count of new readers one address adds to one document. */
export type NewViewerLimit = { key: string; limit: number; windowSeconds: number };

export function newViewerLimit(documentId: string, address: string): NewViewerLimit {
  return { key: `viewer:new:${documentId}:${address}`, limit: NEW_VIEWERS_PER_ADDRESS_PER_HOUR, windowSeconds: 3600 };
}

/** Whether `address` may add one more new reader to the document this hour (counts it if so). */
export function newViewerAllowance(documentId: string, address: string): () => Promise<boolean> {
  const { key, limit, windowSeconds } = newViewerLimit(documentId, address);
  return async () => (await consumeRateLimit(key, new Date(), limit, windowSeconds)).allowed;
}

/**
 * Watermarked copies made for one address (across documents) and for one document, per window.
 * Only a copy not yet cached counts: it costs a PDF worker for up to PDF_WORKER_TIMEOUT_SECONDS,
 * where a repeat costs a file read. A reader's copy changes once a day (the date in it), so a real
 * reader makes one per document a day; a script rotating addresses meets the document's limit. That
 * limit sits above what 15 addresses may make (90), so a flood from a handful of addresses leaves
 * copies for real readers; the readers' own PDF lane keeps owner work clear of it either way.
 */
export const WATERMARK_JOB_LIMITS = { perAddress: 6, perDocument: 120, windowSeconds: 10 * 60 } as const;

/**
 * Whole-room ZIPs, counted before the first byte: per address and per room, per window. A ZIP
 * streams stored files (bounded memory, lib/zip), but with a watermark each of its documents costs
 * the PDF worker one copy, so a ZIP counts here once instead of each copy counting against
 * WATERMARK_JOB_LIMITS, which a room of more than six documents would otherwise always meet midway.
 */
export const ROOM_ZIP_LIMITS = { perAddress: 3, perRoom: 60, windowSeconds: 10 * 60 } as const;

/**
 * Pages drawn because a reader asked for one not drawn yet (ahead of the background, or the sharper
 * images for zoom), per address and per document, per window. Each costs the PDF worker one page; a
 * page drawn is kept, so a repeat costs nothing and is not counted. A reader zooming through a long
 * document stays well inside; a script walking every page of every document meets them.
 */
export const PAGE_DRAW_LIMITS = { perAddress: 200, perDocument: 4000, windowSeconds: 10 * 60 } as const;
