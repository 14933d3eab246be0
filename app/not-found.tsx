import type { Metadata } from "next";
import { buttonClass } from "@/components/ui/button";
import { BrandCardPage } from "@/components/ui/brand-card-page";
import { cookies } from "next/headers";

export const metadata: Metadata = { title: "Page not found", robots: { index: false } };

// next-auth's session cookie (`__Secure-` over https, split into `.0`, `.1`… when large).
const SESSION_COOKIE = /^(__Secure-)?authjs\.session-token(\.\d+)?$/;

/** Every unknown URL: Pagewise's own page (status 404), with the way back for owners and everyone else. */
export default async function NotFound() {
  // Next renders this boundary with every page (the public viewer's included), so it only looks for
  // a session cookie: running auth() here cost every page view a session decode and a CSRF token.
  // A stale cookie only offers the documents link, which asks for sign-in.
  const signedIn = (await cookies()).getAll().some(({ name }) => SESSION_COOKIE.test(name));
  return (
    <BrandCardPage cardClassName="max-w-md p-8 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-1 text-xl font-semibold text-slate-900">This page does not exist</h1>
      <p className="mt-2 text-sm text-slate-600">
        The address may be mistyped, or the page was moved. If someone shared a document with you, check the link they sent.
      </p>
      <div className="mt-6 flex justify-center">
        {signedIn ? (
          // Plain links: Next renders this boundary with every page, and next/link would add its script to each (the viewer's too).
          // eslint-disable-next-line @next/next/no-html-link-for-pages
          <a href="/documents" className={buttonClass()}>
            Go to your documents
          </a>
        ) : (
          <a href="/sign-in" className={buttonClass()}>
            Sign in
          </a>
        )}
      </div>
    </BrandCardPage>
  );
}
