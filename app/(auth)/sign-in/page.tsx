import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/dashboard/auth-forms";
import { auth, magicLinkEnabled } from "@/lib/auth/auth";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; error?: string }> }) {
  if ((await auth())?.user) redirect("/documents");
  const { callbackUrl, error } = await searchParams;
  const next = callbackUrl?.startsWith("/") && !callbackUrl.startsWith("//") ? callbackUrl : undefined;
  return <SignInForm next={next} magicLink={magicLinkEnabled()} error={error} />;
}
