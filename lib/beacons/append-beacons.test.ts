import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { db } from "../db/client";
import { ApiError } from "../errors";
import { createUser } from "../users/create-user";
import { BeaconAppender } from "./append-beacons";
import type { BeaconRow } from "./beacon-row";
import { rollUpBeacons } from "./roll-up-beacons";

async function beaconRows(count: number): Promise<BeaconRow[]> {
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const doc = await createSampleDocument(owner, "Queue test", 2, { email_gate: false });
  const at = new Date();
  return Array.from({ length: count }, (_, i) => ({
    received_at: at.toISOString(),
    document_id: doc.id,
    team_id: doc.teamId,
    version: 1,
    page_count: 2,
    event_document: { id: doc.id, title: doc.title },
    gate_viewer_id: null,
    browser_id: `queue-test-${randomBytes(8).toString("hex")}`,
    new_public_id: `anon_${randomBytes(8).toString("hex")}`,
    new_viewer_key: `test:queue:${randomBytes(6).toString("hex")}`,
    new_viewer_limit: 1000,
    window_start: at.toISOString(),
    window_end: new Date(at.getTime() + 3_600_000).toISOString(),
    batch_id: `queue_${randomBytes(8).toString("hex")}_${i}`,
    visit_key: randomUUID(),
    pages: [1],
    seconds: [1.5],
    event_ids: [1, 2, 3, 4].map(() => `evt_${randomBytes(12).toString("hex")}`),
    device_type: null,
    browser: null,
    os: null,
    link_id: null,
    event_link: null,
    room_id: null,
    room_link_id: null,
    event_room: null,
  }));
}

describe("the beacon appender", () => {
  it("appends beacons in the order they arrive, each answered with its place once durable", async () => {
    const rows = await beaconRows(5);
    const appender = new BeaconAppender(10, 500);
    const seqs = await Promise.all(rows.map((row) => appender.append(row)));
    const stored = await db.beacon.findMany({ where: { seq: { in: seqs.map(BigInt) } }, orderBy: { seq: "asc" } });
    expect(stored.map((b) => b.batchId)).toEqual(rows.map((r) => r.batch_id));
    await rollUpBeacons({ wait: true, only: seqs });
  });

  it("refuses a beacon past its queue at once with 503 and Retry-After, and appends every beacon it took", async () => {
    const rows = await beaconRows(5);
    const appender = new BeaconAppender(2, 500);
    // The first goes out at once; two wait for it; the queue is then full.
    const answers = await Promise.allSettled(rows.map((row) => appender.append(row)));
    expect(answers.map((a) => a.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "rejected", "rejected"]);
    for (const refused of answers.slice(3)) {
      const error = (refused as PromiseRejectedResult).reason as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.code).toBe("service_unavailable");
      expect(error.headers).toEqual({ "Retry-After": "1" });
    }
    const seqs = answers.slice(0, 3).map((a) => (a as PromiseFulfilledResult<string>).value);
    expect(await db.beacon.count({ where: { batchId: { in: rows.map((r) => r.batch_id) } } })).toBe(3);
    expect(appender.queued).toBe(0);
    await rollUpBeacons({ wait: true, only: seqs });
  });

  it("refuses beacons with 503 and Retry-After once the beacons waiting for the roll-up pass its backlog limit", async () => {
    const rows = await beaconRows(5);
    const appender = new BeaconAppender(10, 500, 1);
    const seqs: string[] = [];
    let refused: unknown = null;
    // Nothing rolls these up meanwhile: after the k-th append at least k - 1 wait before it.
    for (const row of rows) {
      try {
        seqs.push(await appender.append(row));
      } catch (error) {
        refused = error;
        break;
      }
    }
    expect(seqs.length).toBeLessThanOrEqual(3);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: "service_unavailable", headers: { "Retry-After": "1" } });
    await rollUpBeacons({ wait: true, only: seqs });
  });
});
