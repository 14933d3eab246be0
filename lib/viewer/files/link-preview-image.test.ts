import { describe, expect, it } from "vitest";
import type { Link } from "../../generated/prisma/client";
import type { SharedDocument } from "../../links/shared-document";
import { config } from "../../config";
import { linkPreviewImage } from "./link-preview-image";

const open = {
  id: "doc-1",
  code: "docowncode",
  passwordHash: null,
  agreement: null,
  watermark: null,
  emailGate: true,
  gateType: "preview",
  gatePage: 3,
  pageCount: 6,
  pageImages: 6,
  allowList: [] as string[],
  blockList: [] as string[],
  link: null,
} as unknown as SharedDocument;
const shared = (changes: Partial<SharedDocument>) => ({ ...open, ...changes }) as SharedDocument;
const base = config().APP_URL.replace(/\/$/, "");

describe("a share link's preview picture (og:image)", () => {
  it("is page 1's image when a stranger may see page 1, through the code that was shared", () => {
    expect(linkPreviewImage(open)).toEqual({ url: `${base}/s/docowncode/pages/1`, pageOne: true });
    const viaLink = shared({ link: { id: "l1", code: "linkcode12" } as Link });
    expect(linkPreviewImage(viaLink).url).toBe(`${base}/s/linkcode12/pages/1`);
    expect(linkPreviewImage(shared({ emailGate: false })).pageOne).toBe(true);
  });

  it("is a neutral card whenever the owner's rules hold page 1 back, or page 1 has no image yet", () => {
    const held = {
      "a password": shared({ passwordHash: "hash" }),
      "an agreement": shared({ agreement: "Keep it quiet" }),
      "a gate before everything": shared({ gateType: "full" }),
      "a gate at page 1": shared({ gatePage: 1 }),
      "a watermark (the image carries none)": shared({ watermark: "{email}" }),
      "no image yet": shared({ pageImages: 0 }),
    };
    for (const [why, doc] of Object.entries(held)) {
      expect([why, linkPreviewImage(doc)]).toEqual([why, { url: `${base}/og-card.png`, width: 1200, height: 630, pageOne: false }]);
    }
  });
});
