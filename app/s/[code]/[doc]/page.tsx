import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { BusyDocument } from "@/components/viewer/busy-document";
import { isDatabaseBusy } from "@/lib/db/database-busy";
import { viewerAccess } from "@/lib/http/viewer-request-context";
import { SHARE_CODE_FOUND_HEADER } from "@/lib/viewer/doors/hand-over-found";
import { pageRoomDocument } from "@/lib/viewer/doors/page-public-document";
import { DocumentReader } from "../document-reader";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ code: string; doc: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { code, doc } = await params;
  const found = await pageRoomDocument(code, doc, (await headers()).get(SHARE_CODE_FOUND_HEADER)).catch(() => null);
  if (found?.state !== "active") return { title: "Document not available", robots: { index: false } };
  return { title: `${found.doc.title} · ${found.doc.room?.name ?? ""}`, robots: { index: false, follow: false } };
}

/**
 * A document read in a room: the viewer, with the room's rules and a way back to the room. Its
 * password, gate and agreement are the room's, asked on the room's page: a reader who has not
 * passed them is sent there. Deleted and expired ones are answered 410 before this page (proxy.ts).
 */
export default async function RoomDocumentPage({ params }: Props) {
  const { code, doc: documentCode } = await params;
  const found = await pageRoomDocument(code, documentCode, (await headers()).get(SHARE_CODE_FOUND_HEADER)).catch((error: unknown) => {
    if (isDatabaseBusy(error)) return null;
    throw error;
  });
  if (found === null) return <BusyDocument />;
  if (found.state !== "active" || !found.doc.room) notFound();
  const { doc } = found;
  const room = doc.room!;
  const access = await viewerAccess(doc);
  if (!access.fullFile) redirect(`/s/${room.openedCode}`);
  return (
    <DocumentReader
      doc={doc}
      access={access}
      path={`${room.openedCode}/${doc.code}`}
      back={{ href: `/s/${room.openedCode}`, label: room.name }}
    />
  );
}
