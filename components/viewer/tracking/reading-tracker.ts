/**
 * Measures honest reading time in the browser (docs/contract-decisions.md): time counts only while the tab is
 * visible and the reader was active in the last 60 s, and goes to the page mostly in view. The
 * visit starts once a page has been in view for 1 s. Batches go out every ~10 s, on page change,
 * and by sendBeacon when the tab is hidden or closed. A batch that failed is resent with the same
 * id, which the server applies once. Every batch names the document's version the page shows;
 * an answer naming another current version is passed on (`onNewVersion`).
 */
import type { TrackBatch as Batch } from "@/lib/schemas/viewer";
import { FLUSH_EVERY_MS, IDLE_AFTER_MS, VISIT_STARTS_AFTER_SECONDS } from "@/lib/rules/track-rules";

const newBatchId = () =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID().replaceAll("-", "")
    : Math.random().toString(36).slice(2) + Date.now().toString(36);

/** Why the share link stopped serving this reader: deleted or expired (410), disabled (404), access withdrawn (403). */
export type ClosedReason = "gone" | "unavailable" | "refused";
const CLOSED: Record<number, ClosedReason> = { 410: "gone", 404: "unavailable", 403: "refused" };

export class ReadingTracker {
  private pending = new Map<number, number>();
  private unacked: Batch | null = null;
  private visitId: string | null = null;
  private starting = false;
  private currentPage: number | null = null;
  private lastInput = Date.now();
  private lastTick = Date.now();
  private lastFlush = Date.now();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly endpoint: string,
    private readonly version: number,
    private readonly onClosed: (reason: ClosedReason) => void = () => {},
    private readonly onNewVersion: () => void = () => {},
  ) {}

  start() {
    const onInput = () => (this.lastInput = Date.now());
    const onHide = () => {
      if (document.visibilityState === "hidden") this.flush(true);
    };
    const onPageHide = () => this.flush(true);
    for (const type of ["scroll", "keydown", "pointermove", "pointerdown", "wheel", "touchstart"]) {
      window.addEventListener(type, onInput, { passive: true, capture: true });
    }
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onPageHide);
    this.lastTick = Date.now();
    this.timer = setInterval(() => this.tick(), 1000);
    return () => {
      clearInterval(this.timer);
      for (const type of ["scroll", "keydown", "pointermove", "pointerdown", "wheel", "touchstart"]) {
        window.removeEventListener(type, onInput, { capture: true });
      }
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onPageHide);
      this.flush(true);
    };
  }

  /** The page mostly in view changed. */
  setCurrentPage(page: number | null) {
    if (page === this.currentPage) return;
    this.tick();
    this.currentPage = page;
    if (this.visitId) this.flush(false);
  }

  private isActive() {
    return document.visibilityState === "visible" && Date.now() - this.lastInput < IDLE_AFTER_MS;
  }

  private tick() {
    const now = Date.now();
    // Cap a tick so a suspended timer (laptop lid, background tab) never adds a lump of time.
    const elapsed = Math.min(now - this.lastTick, 1500) / 1000;
    this.lastTick = now;
    if (this.currentPage !== null && this.isActive()) {
      this.pending.set(this.currentPage, (this.pending.get(this.currentPage) ?? 0) + elapsed);
    }
    if (!this.visitId && !this.starting && [...this.pending.values()].some((s) => s >= VISIT_STARTS_AFTER_SECONDS)) {
      void this.beginVisit();
    } else if (this.visitId && now - this.lastFlush >= FLUSH_EVERY_MS) {
      this.flush(false);
    }
  }

  private takePending(): Batch["pages"] {
    const pages = [...this.pending.entries()]
      .filter(([, s]) => s > 0)
      .map(([page, seconds]) => ({ page, seconds: Math.round(seconds * 100) / 100 }));
    this.pending.clear();
    return pages;
  }

  private async beginVisit() {
    this.starting = true;
    const batch: Batch = { batch_id: newBatchId(), version: this.version, pages: this.takePending() };
    const result = await this.send(batch);
    if (result?.visit_id) {
      this.visitId = result.visit_id;
      this.lastFlush = Date.now();
    } else {
      for (const { page, seconds } of batch.pages) this.pending.set(page, (this.pending.get(page) ?? 0) + seconds);
    }
    this.starting = false;
  }

  /** Sends what has accumulated; with `beacon`, by navigator.sendBeacon (the page may be closing). */
  flush(beacon: boolean) {
    if (!this.visitId) return;
    this.lastFlush = Date.now();
    const batch = this.unacked ?? { batch_id: newBatchId(), visit_id: this.visitId, version: this.version, pages: this.takePending() };
    if (batch.pages.length === 0) return;
    this.unacked = batch;
    if (beacon && typeof navigator.sendBeacon === "function") {
      if (navigator.sendBeacon(this.endpoint, JSON.stringify(batch))) this.unacked = null;
      return;
    }
    void this.send(batch).then((result) => {
      if (result && this.unacked === batch) this.unacked = null;
    });
  }

  private async send(batch: Batch): Promise<{ visit_id: string | null } | null> {
    try {
      const response = await fetch(this.endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(batch),
        keepalive: true,
      });
      // 429: sent too fast; kept and sent again with the next flush.
      if (response.status === 429) return null;
      // The link closed while the reader had it open: the viewer says so instead of drawing blank pages.
      const closed = CLOSED[response.status];
      if (closed) this.onClosed(closed);
      // Other 4xx: the server refused this batch for good; retrying it would not help.
      if (response.status >= 400 && response.status < 500) return { visit_id: this.visitId ?? "" };
      if (!response.ok) return null;
      // visit_id: the key the next batches name (null only for the owner previewing, who is not recorded).
      const answer = (await response.json()) as { visit_id: string | null; version?: number };
      if (answer.version !== undefined && answer.version !== this.version) this.onNewVersion();
      return answer;
    } catch {
      return null;
    }
  }
}
