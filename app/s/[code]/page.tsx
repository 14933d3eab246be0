import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { AgreementForm } from "@/components/viewer/agreement-form";
import { BusyDocument } from "@/components/viewer/busy-document";
import { config } from "@/lib/config";
import { isDatabaseBusy } from "@/lib/db/database-busy";
import { PasswordForm } from "@/components/viewer/password-form";
import { ViewerEarlyStart } from "@/components/viewer/viewer-early-start";
import { ViewerShell } from "@/components/viewer/viewer-shell";
import { BrandFrame } from "@/components/viewer/viewer-brand";
import { linkBrand, teamBrand } from "@/lib/branding/team-branding";
import { LETTER_ASPECT } from "@/lib/documents/page-shape";
import { gateActive } from "@/lib/rules/gate";
import { SHARE_CODE_FOUND_HEADER } from "@/lib/viewer/hand-over-found";
import { pagePublicDocument } from "@/lib/viewer/page-public-document";
import { rendererChunks } from "@/lib/viewer/renderer-chunks";
import { BROWSER_COOKIE, shareCode } from "@/lib/viewer/access";
import { pendingCodeEmail } from "@/lib/viewer/verify-email";
import { clientAddress } from "@/lib/request/server-headers";
import { viewerAccess } from "@/lib/http/viewer-request-context";
import { readerWatermark } from "@/lib/viewer/watermark";
import { updatedSinceLastVisit } from "@/lib/viewer/updated-since-visit";
import { linkPreviewImage } from "@/lib/viewer/link-preview-image";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ code: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await pagePublicDocument((await params).code, (await headers()).get(SHARE_CODE_FOUND_HEADER)).catch(() => null);
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

/** The public viewer, for a document's own code or a link's. Deleted and expired ones are answered 410 before this page (proxy.ts). */
export default async function ViewerPage({ params }: Props) {
  const { code } = await params;
  const found = await pagePublicDocument(code, (await headers()).get(SHARE_CODE_FOUND_HEADER)).catch((error: unknown) => {
    if (isDatabaseBusy(error)) return null;
    throw error;
  });
  // A page cannot answer 503 (proxy.ts does when its own lookup waits too long); it says so and tries again.
  if (found === null) return <BusyDocument />;
  if (found.state !== "active") notFound();
  const { doc } = found;
  const access = await viewerAccess(doc);
  const sharedAs = shareCode(doc);

  const brand = linkBrand(await teamBrand(doc.teamId), sharedAs);

  if (!access.passwordOk) {
    return (
      <BrandFrame brand={brand}>
        <PasswordForm code={sharedAs} title={doc.title} />
      </BrandFrame>
    );
  }
  if (access.agreementDue && doc.agreement) {
    return (
      <BrandFrame brand={brand}>
        <AgreementForm code={sharedAs} title={doc.title} agreement={doc.agreement} />
      </BrandFrame>
    );
  }

  // A link's own preview file changes with the link; the version is checked by the file route.
  const changed = Math.max(doc.updatedAt.getTime(), doc.link?.updatedAt.getTime() ?? 0).toString(36);
  const file = access.fullFile
    ? `/s/${sharedAs}/file?v=full&k=${changed}&version=${doc.version}`
    : access.readablePages > 0
      ? `/s/${sharedAs}/file?v=preview&k=${changed}&version=${doc.version}`
      : null;
  const updatedSince = access.ownerPreview
    ? null
    : await updatedSinceLastVisit(doc, { browserId: (await cookies()).get(BROWSER_COOKIE)?.value, gateViewerId: access.gateViewerId });
  return (
    <BrandFrame brand={brand}>
      {file && <ViewerEarlyStart file={file} chunks={rendererChunks()} />}
      <ViewerShell
        code={sharedAs}
        version={doc.version}
        updatedSince={updatedSince?.toISOString() ?? null}
        title={doc.title}
        pageCount={doc.pageCount}
        pageAspect={doc.firstPageAspect ?? LETTER_ASPECT}
        readablePages={access.readablePages}
        pageImages={Math.min(doc.pageImages, access.readablePages)}
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
        // Filled here (the gate grant knows the email): passing the gate refreshes the page, and this with it.
        watermark={readerWatermark(doc, access, clientAddress(await headers()))}
      />
    </BrandFrame>
  );
}
