import { writeFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { recomputeAggregates } from "../../lib/analytics/recompute-aggregates";
import { createDocument } from "../../lib/documents/create-document";
import { uploadVersion } from "../../lib/versions/upload-version";
import type { Document } from "../../lib/generated/prisma/client";
import { type ViewerSpec, addViewer } from "./activity";
import { samplePdf } from "./sample-pdf";

/** A small deterministic PRNG (mulberry32), so demo data looks the same on every run. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Uploads a generated PDF through the same domain function as the API. */
export async function createSampleDocument(
  owner: { id: string; personalTeamId: string },
  title: string,
  pages: number,
  fields: Parameters<typeof createDocument>[2] = {},
  pdf: Parameters<typeof samplePdf>[2] = {},
): Promise<Document> {
  return withSamplePdf(pages, title, pdf, (file) =>
    createDocument({ teamId: owner.personalTeamId, userId: owner.id }, file, { title, ...fields }),
  );
}

/** A generated PDF of `pages` pages made the document's new current version, as the API's version upload does. */
export async function uploadSampleVersion(owner: { id: string; personalTeamId: string }, doc: Document, pages: number): Promise<Document> {
  const change = await withSamplePdf(pages, doc.title, {}, (file) =>
    uploadVersion({ teamId: owner.personalTeamId, userId: owner.id }, doc.code, file),
  );
  return change.document;
}

async function withSamplePdf<T>(
  pages: number,
  title: string,
  pdf: Parameters<typeof samplePdf>[2],
  upload: (file: { path: string; size: number; filename: string }) => Promise<T>,
): Promise<T> {
  const bytes = await samplePdf(pages, title, pdf);
  const file = path.join(tmpdir(), `pagewise-sample-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, bytes);
  try {
    return await upload({ path: file, size: bytes.length, filename: `${title.toLowerCase().replace(/\s+/g, "-")}.pdf` });
  } finally {
    await rm(file, { force: true });
  }
}

const COMPANIES = ["acme.com", "globex.io", "initech.com", "umbrella.co", "hooli.com", "gmail.com", "stark.industries", "wayne.ent"];
// Readers' browsers, so the seeded timelines show devices (picked by position: the random sequence stays as it was).
const AGENTS = [
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
];
const NAMES = ["Ada", "Grace", "Linus", "Margaret", "Ken", "Barbara", "Alan", "Frances", "Dennis", "Radia"];

/**
 * Viewers with visits, page times, downloads and leads spread over the last `days` days; none reads
 * more than `depthAtMost` of the pages in a visit. A return visit that would fall in the last minute
 * is left out, so the readers never all seem to be reading at once when the seed has just run.
 */
export function demoViewers(
  pageCount: number,
  count: number,
  rand: () => number,
  days = 42,
  now = Date.now(),
  depthAtMost = 1,
): ViewerSpec[] {
  return Array.from({ length: count }, (_, i) => {
    const identified = rand() < 0.6;
    const name = NAMES[Math.floor(rand() * NAMES.length)]!;
    const email = identified ? `${name.toLowerCase()}.${i}@${COMPANIES[Math.floor(rand() * COMPANIES.length)]}` : undefined;
    const visitCount = rand() < 0.25 ? 2 + Math.floor(rand() * 2) : 1;
    const firstAt = now - rand() * days * 86_400_000;
    const depth = rand();
    const visits = Array.from({ length: visitCount }, (_, v) => {
      const startedAt = new Date(Math.min(now - 60_000, firstAt + v * (1 + rand() * 3) * 86_400_000));
      const pagesRead = Math.max(1, Math.round(pageCount * Math.min(depthAtMost, depth + v * 0.2)));
      const pages: Array<[number, number]> = Array.from({ length: pagesRead }, (_, p) => [
        p + 1,
        Math.round((2 + rand() * (depth > 0.6 ? 40 : 8)) * 10) / 10,
      ]);
      return { startedAt, pages, downloaded: depth > 0.8 && rand() < 0.4, userAgent: AGENTS[(i + v) % AGENTS.length] };
    }).filter((visit, v) => v === 0 || visit.startedAt.getTime() < now - 60_000);
    return { email, name: identified ? name : undefined, visits, leadAt: identified ? visits[0]!.startedAt : undefined };
  });
}

export async function seedActivity(doc: Document, viewers: ViewerSpec[]) {
  for (const viewer of viewers) await addViewer(doc.id, viewer);
  await recomputeAggregates([doc.id]);
}

/** Reading a page closely: long enough per page for the highest engagement levels. */
const closeRead = (pages: number, seconds = 24): Array<[number, number]> =>
  Array.from({ length: pages }, (_, p) => [p + 1, seconds + ((p * 7) % 11)]);

/**
 * The overview's story on one document: two people who glanced at it weeks ago and came back this
 * week to read it closely (one downloads it), and someone new who read it an hour ago, so "Hot
 * leads" and the recent-activity feed have people in them whatever the random readers did.
 */
export function storyViewers(pageCount: number, now = Date.now()): ViewerSpec[] {
  const ago = (hours: number) => new Date(now - hours * 3_600_000);
  return [
    {
      email: "priya.shah@acme.com",
      name: "Priya",
      leadAt: ago(24 * 10),
      visits: [
        { startedAt: ago(24 * 10), pages: [[1, 4]] },
        { startedAt: ago(30), pages: closeRead(Math.ceil(pageCount / 2)) },
        { startedAt: ago(2), pages: closeRead(pageCount), downloaded: true },
      ],
    },
    {
      email: "marcus@globex.io",
      name: "Marcus",
      leadAt: ago(24 * 12),
      visits: [
        { startedAt: ago(24 * 12), pages: [[1, 3]] },
        { startedAt: ago(5), pages: closeRead(pageCount, 14) },
      ],
    },
    {
      email: "lena@initech.com",
      name: "Lena",
      leadAt: ago(1),
      visits: [{ startedAt: ago(1), pages: closeRead(Math.min(pageCount, 4), 9) }],
    },
  ];
}
