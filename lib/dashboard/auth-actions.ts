"use server";

import { AuthError } from "next-auth";
import { redirect } from "next/navigation";
import { z } from "zod";
import { signIn, signOut } from "../auth/auth";
import { EmailTakenError, createUser, newUserSchema } from "../users/create-user";

export type FormState = { error?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> } | undefined;

const fieldErrors = (error: z.ZodError) => Object.fromEntries(error.issues.map((i) => [String(i.path[0]), i.message]));

export async function signUpAction(_state: FormState, form: FormData): Promise<FormState> {
  const values = { email: String(form.get("email") ?? ""), name: String(form.get("name") ?? "") };
  const parsed = newUserSchema.safeParse({ ...values, password: form.get("password") });
  if (!parsed.success) return { fieldErrors: fieldErrors(parsed.error), values };
  try {
    await createUser(parsed.data);
  } catch (error) {
    if (error instanceof EmailTakenError) return { fieldErrors: { email: "An account with this email already exists. Sign in instead." }, values };
    throw error;
  }
  await signIn("credentials", { email: parsed.data.email, password: parsed.data.password, redirectTo: "/documents" });
}

export async function signInAction(_state: FormState, form: FormData): Promise<FormState> {
  const email = String(form.get("email") ?? "");
  try {
    await signIn("credentials", { email, password: String(form.get("password") ?? ""), redirectTo: String(form.get("next") || "/documents") });
  } catch (error) {
    if (error instanceof AuthError) return { error: "That email and password don't match an account.", values: { email } };
    throw error;
  }
}

export async function magicLinkAction(_state: FormState, form: FormData): Promise<FormState> {
  const email = String(form.get("email") ?? "").trim();
  if (!z.email().safeParse(email).success) return { fieldErrors: { email: "Enter a valid email address" }, values: { email } };
  // The server-side signIn ignores pages.verifyRequest, so we send the reader there ourselves.
  await signIn("nodemailer", { email, redirectTo: "/documents", redirect: false });
  redirect("/sign-in/check-email");
}

export async function signOutAction() {
  await signOut({ redirectTo: "/sign-in" });
}
