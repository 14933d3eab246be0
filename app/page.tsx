import { redirect } from "next/navigation";
import { auth } from "@/lib/auth/auth";
import { db } from "@/lib/db/client";
import { signupPolicy } from "@/lib/users/signup-policy";

export const dynamic = "force-dynamic";

/** Signed in: the dashboard. Otherwise sign-up on a fresh install that takes sign-ups, sign-in otherwise. */
export default async function HomePage() {
  if ((await auth())?.user) redirect("/overview");
  const fresh = (await db.user.count()) === 0 && (await signupPolicy()) === "open";
  redirect(fresh ? "/sign-up" : "/sign-in");
}
