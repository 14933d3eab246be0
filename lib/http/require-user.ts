import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { type SignedInUser, signedInUser } from "../auth/auth";
import { REQUESTED_PATH_HEADER, signInPath } from "../auth/callback-path";

/** The signed-in owner, or a redirect to sign-in. Every dashboard page and server action starts here. */
export async function requireUser(): Promise<SignedInUser> {
  const user = await signedInUser();
  if (!user) redirect(signInPath((await headers()).get(REQUESTED_PATH_HEADER)));
  return user;
}
