import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { BusyDocument } from "@/components/viewer/busy-document";
import { isDatabaseBusy } from "@/lib/db/database-busy";
import { SHARE_CODE_FOUND_HEADER } from "@/lib/viewer/doors/hand-over-found";
import { pagePublicDocument } from "@/lib/viewer/doors/page-public-document";
import { shareCode } from "@/lib/viewer/grants/access";
import { viewerAccess } from "@/lib/http/viewer-request-context";
import { linkPreviewImage } from "@/lib/viewer/files/link-preview-image";
import { DocumentReader } from "./document-reader";
import { RoomPage, roomMetadata } from "./room-page";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ code: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await pagePublicDocument((await params).code, (await headers()).get(SHARE_CODE_FOUND_HEADER)).catch(() => null);
  if (found?.state === "missing") return roomMetadata((await params).code);
  if (found?.state !== "active") return { title: "Document not available", robots: { index: false } };
  const title = found.doc.title;
  const image = linkPreviewImage(found.doc);
  const images = [{ url: image.url, width: image.width, height: image.height, alt: image.pageOne ? `Page 1 of ${title}` : "" }];
  return {
    title,
    robots: { index: false, follow: false },
    openGraph: { title, description: `${found.doc.pageCount}-page document shared with Pagewise`, type: "article", images },
    twitter: { card: image.pageOne ? "summary_large_image" : "summary", title, images },
  };
}

/** The public viewer, for a document's own code or a link's, or a room's contents for a room's code. Deleted and expired ones are answered 410 before this page (proxy.ts). */
export default async function ViewerPage({ params }: Props) {
  const { code } = await params;
  const found = await pagePublicDocument(code, (await headers()).get(SHARE_CODE_FOUND_HEADER)).catch((error: unknown) => {
    if (isDatabaseBusy(error)) return null;
    throw error;
  });
  // A page cannot answer 503 (proxy.ts does when its own lookup waits too long); it says so and tries again.
  if (found === null) return <BusyDocument />;
  if (found.state === "missing") return <RoomPage code={code} />;
  if (found.state !== "active") notFound();
  const { doc } = found;
  return <DocumentReader doc={doc} access={await viewerAccess(doc)} path={shareCode(doc)} />;
}
