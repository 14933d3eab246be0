import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignUpForm } from "@/components/dashboard/auth-forms";
import { auth } from "@/lib/auth/auth";

export const metadata: Metadata = { title: "Create your account" };

export default async function SignUpPage() {
  if ((await auth())?.user) redirect("/documents");
  return <SignUpForm />;
}
