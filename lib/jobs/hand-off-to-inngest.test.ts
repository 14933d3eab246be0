import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { ownerWithDocument, queueEvent, withWebhook } from "../../test/support/fixtures";
import { reloadConfig } from "../config";
import { db } from "../db/client";
import { handOffToInngest } from "./hand-off-to-inngest";

// An "Inngest" that accepts connections and never answers.
const silent = createServer(() => undefined);
await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
afterAll(() => {
  silent.closeAllConnections();
  silent.close();
});

describe("handing deliveries to Inngest", () => {
  it("gives up after its timeout when Inngest does not answer, and leaves the delivery pending for the next round", async () => {
    process.env.INNGEST_DEV = "1";
    process.env.INNGEST_BASE_URL = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    reloadConfig();
    try {
      const { owner, doc } = await ownerWithDocument();
      await withWebhook(owner.personalTeamId, "http://127.0.0.1:9/hooks");
      const { deliveryId } = await queueEvent(owner.personalTeamId, doc);
      const started = Date.now();
      expect(await handOffToInngest()).toBe(0);
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({
        status: "pending",
        handedOffAt: null,
      });
    } finally {
      delete process.env.INNGEST_DEV;
      delete process.env.INNGEST_BASE_URL;
      reloadConfig();
    }
  }, 15_000);
});
