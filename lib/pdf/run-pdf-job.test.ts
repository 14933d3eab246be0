import { describe, expect, it } from "vitest";
import { pdfJobScratch } from "../../test/support/pdf-job-scratch";
import { ApiError } from "../errors";
import { pdfJobsInProgress, runWatermarkJob } from "./run-pdf-job";

const { file, pdfFile, held, inspect } = pdfJobScratch({
  folder: "lane-tests",
  pages: 2,
  settings: { PDF_WORKERS: "2", PDF_PUBLIC_WORKERS: "1", PDF_PUBLIC_QUEUE_LIMIT: "2" },
});

const watermark = (input: string, name: string) => runWatermarkJob({ input, output: file(`${name}.out.pdf`), text: "Confidential" });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as ApiError,
  );

describe("the PDF workers' lanes", () => {
  it("run an owner's inspection at once while readers' watermarks fill the public lane and its queue", async () => {
    const hold = held("held.pdf");
    const running = watermark(hold.input, "held");
    const queued = [watermark(await pdfFile("q1.pdf"), "q1"), watermark(await pdfFile("q2.pdf"), "q2")];
    const refused = await refusal(watermark(await pdfFile("q3.pdf"), "q3"));
    expect([refused?.status, refused?.code, Number(refused?.headers["Retry-After"]) > 0]).toEqual([503, "service_unavailable", true]);
    expect([pdfJobsInProgress("public"), pdfJobsInProgress("owner")]).toEqual([1, 0]);

    // The public job still holds its worker (its input is not written yet) while the owner's job finishes.
    const inspected = await inspect(await pdfFile("upload.pdf"), "upload");
    expect(inspected.pageCount).toBe(2);
    expect(pdfJobsInProgress("public")).toBe(1);

    await hold.release();
    expect((await Promise.all([running, ...queued])).map((outcome) => outcome.pageCount)).toEqual([2, 2, 2]);
    expect(pdfJobsInProgress()).toBe(0);
  });

  it("never let readers' watermarks hold more than PDF_PUBLIC_WORKERS workers, however many wait", async () => {
    const hold = held("held.pdf");
    const running = watermark(hold.input, "held");
    const queued = watermark(await pdfFile("queued.pdf"), "queued");
    expect([pdfJobsInProgress("public"), pdfJobsInProgress()]).toEqual([1, 1]);
    await hold.release();
    await Promise.all([running, queued]);
  });

  it("hand a freed worker to a waiting owner job before a waiting public one", async () => {
    const heldPublic = held("held-public.pdf");
    const heldOwner = held("held-owner.pdf");
    const jobs = [watermark(heldPublic.input, "held-public"), inspect(heldOwner.input, "held-owner")];
    const publicWaiting = watermark(await pdfFile("public-waiting.pdf"), "public-waiting");
    const ownerWaiting = inspect(await pdfFile("owner-waiting.pdf"), "owner-waiting");
    expect([pdfJobsInProgress("public"), pdfJobsInProgress("owner")]).toEqual([1, 1]);

    await heldPublic.release();
    await jobs[0];
    // The public job's worker went to the owner job that asked after the waiting public one.
    expect([pdfJobsInProgress("public"), pdfJobsInProgress("owner")]).toEqual([0, 2]);

    await heldOwner.release();
    await Promise.all([...jobs, publicWaiting, ownerWaiting]);
  });
});
