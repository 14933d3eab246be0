import { cookies, headers } from "next/headers";
import { AgreementStep, PasswordStep } from "@/components/viewer/gate/reader-steps";
import { ViewerShell } from "@/components/viewer/viewer-shell";
import { BrandFrame } from "@/components/viewer/viewer-brand";
import { config } from "@/lib/config";
import { linkBrand, teamBrand } from "@/lib/branding/team-branding";
import { beginFirstPageMark } from "@/lib/http/first-page-mark";
import { LETTER_ASPECT } from "@/lib/documents/page-shape";
import type { SharedDocument } from "@/lib/links/shared-document";
import { gateActive } from "@/lib/rules/gate";
import { type Access, BROWSER_COOKIE, shareCode } from "@/lib/viewer/grants/access";
import { pendingCodeEmail } from "@/lib/viewer/grants/verify-email";
import { clientAddress } from "@/lib/request/server-headers";
import { readerWatermark, watermarkDigest } from "@/lib/viewer/files/watermark";
import { updatedSinceLastVisit } from "@/lib/viewer/tracking/updated-since-visit";

/**
 * A shared document as its reader may see it now: the password step, the agreement, or the viewer
 * (with the gate where it stands). `path` is where its routes are (`<code>`, or
 * `<room code>/<document code>` for a document read in a room, which has `back` to the room).
 */
export async function DocumentReader({
  doc,
  access,
  path,
  back = null,
}: {
  doc: SharedDocument;
  access: Access;
  path: string;
  back?: { href: string; label: string } | null;
}) {
  const brand = linkBrand(await teamBrand(doc.teamId), shareCode(doc));

  if (!access.passwordOk) {
    return (
      <BrandFrame brand={brand}>
        <PasswordStep code={path} title={doc.title} />
      </BrandFrame>
    );
  }
  if (access.agreementDue && doc.agreement) {
    return (
      <BrandFrame brand={brand}>
        <AgreementStep code={path} title={doc.title} agreement={doc.agreement} />
      </BrandFrame>
    );
  }

  // A link's own preview file changes with the link; the version is checked by the file route.
  const changed = Math.max(doc.updatedAt.getTime(), doc.link?.updatedAt.getTime() ?? 0).toString(36);
  // Pages are read as images; the file is offered to pdf.js (for pages without one) only where the file route serves it.
  const fileReadable = doc.allowDownload || access.ownerPreview;
  const file = !fileReadable
    ? null
    : access.fullFile
      ? `/s/${path}/file?v=full&k=${changed}&version=${doc.version}`
      : access.readablePages > 0
        ? `/s/${path}/file?v=preview&k=${changed}&version=${doc.version}`
        : null;
  // Filled here as the page route fills it for the images (the gate grant knows the email): passing the gate refreshes the page, and this with it.
  const address = clientAddress(await headers());
  const watermark = readerWatermark(doc, access, address);
  beginFirstPageMark(doc, access, address);
  const updatedSince = access.ownerPreview
    ? null
    : await updatedSinceLastVisit(doc, { browserId: (await cookies()).get(BROWSER_COOKIE)?.value, gateViewerId: access.gateViewerId });
  return (
    <BrandFrame brand={brand}>
      <ViewerShell
        code={path}
        version={doc.version}
        updatedSince={updatedSince?.toISOString() ?? null}
        title={doc.title}
        pageCount={doc.pageCount}
        pageAspect={doc.firstPageAspect ?? LETTER_ASPECT}
        readablePages={access.readablePages}
        pageImages={Math.min(doc.pageImages, access.readablePages)}
        imagesStopped={doc.pageImagesStopped && doc.pageImages < access.readablePages}
        file={file}
        gate={
          gateActive(doc) && !access.gatePassed
            ? {
                page: access.readablePages + 1,
                blockFreeEmails: doc.blockFreeEmails,
                codeSentTo: doc.verifyEmail ? await pendingCodeEmail(doc, (await cookies()).get(BROWSER_COOKIE)?.value) : null,
                codesByEmail: Boolean(config().SMTP_URL),
              }
            : null
        }
        canDownload={access.canDownload}
        ownerPreview={access.ownerPreview}
        downloadHiddenReason={doc.allowDownload ? null : "disabled"}
        imageMark={watermark === null ? null : watermarkDigest(watermark)}
        watermark={watermark}
        back={back}
        questions={doc.allowQuestions && access.gatePassed && access.gateEmail !== null && !access.ownerPreview}
      />
    </BrandFrame>
  );
}
