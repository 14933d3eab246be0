import type { Metadata } from "next";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { AgreementStep, GateStep, PasswordStep, RoomContentsStep } from "@/components/viewer/gate/reader-steps";
import { ReaderQuestions } from "@/components/viewer/questions/reader-questions";
import { BrandFrame } from "@/components/viewer/viewer-brand";
import { config } from "@/lib/config";
import { linkBrand, teamBrand } from "@/lib/branding/team-branding";
import { viewerAccess } from "@/lib/http/viewer-request-context";
import { findPublicRoom } from "@/lib/viewer/rooms/public-room";
import { roomReaderContents } from "@/lib/rooms/room-reader-contents";
import { gateActive } from "@/lib/rules/gate";
import { BROWSER_COOKIE, shareCode } from "@/lib/viewer/grants/access";
import { parseShareCode } from "@/lib/documents/short-code";
import { pendingCodeEmail } from "@/lib/viewer/grants/verify-email";

const activeRoom = async (code: string) => {
  const parsed = parseShareCode(code);
  const found = parsed ? await findPublicRoom(parsed) : null;
  return found?.state === "active" ? found.share : null;
};

export async function roomMetadata(code: string): Promise<Metadata> {
  const share = await activeRoom(code);
  if (!share) return { title: "Document not available", robots: { index: false } };
  return {
    title: share.title,
    robots: { index: false, follow: false },
    openGraph: { title: share.title, description: "A data room shared with Pagewise", type: "website" },
  };
}

/**
 * A room's code: its password, its one gate and its agreement, then its contents. Passing them
 * here opens every document of the room (`/s/<code>/<document code>`). Deleted and expired rooms
 * are answered 410 before this page (proxy.ts).
 */
export async function RoomPage({ code }: { code: string }) {
  const share = await activeRoom(code);
  if (!share) notFound();
  const access = await viewerAccess(share);
  const opened = shareCode(share);
  const brand = linkBrand(await teamBrand(share.teamId), opened);

  if (!access.passwordOk) {
    return (
      <BrandFrame brand={brand}>
        <PasswordStep code={opened} title={share.title} subject="room" />
      </BrandFrame>
    );
  }
  if (gateActive(share) && !access.gatePassed) {
    const gate = {
      page: 1,
      blockFreeEmails: false,
      codeSentTo: share.verifyEmail ? await pendingCodeEmail(share, (await cookies()).get(BROWSER_COOKIE)?.value) : null,
      codesByEmail: Boolean(config().SMTP_URL),
    };
    return (
      <BrandFrame brand={brand}>
        <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
          <GateStep code={opened} title={share.title} pageCount={0} gate={gate} standalone subject="room" />
        </main>
      </BrandFrame>
    );
  }
  if (access.agreementDue && share.agreement) {
    return (
      <BrandFrame brand={brand}>
        <AgreementStep code={opened} title={share.title} agreement={share.agreement} subject="room" />
      </BrandFrame>
    );
  }
  const contents = await roomReaderContents(share.id, share.roomLink?.groupId ?? null);
  return (
    <BrandFrame brand={brand}>
      <RoomContentsStep
        code={opened}
        name={share.title}
        description={share.description}
        folders={contents.folders}
        documents={contents.documents}
        canDownload={access.canDownload}
        ownerPreview={access.ownerPreview}
      />
      {share.allowQuestions && access.gatePassed && access.gateEmail !== null && !access.ownerPreview && (
        <ReaderQuestions path={opened} page={null} about="this room" />
      )}
    </BrandFrame>
  );
}
