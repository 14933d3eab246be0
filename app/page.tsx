import { redirect } from "next/navigation";
import { auth } from "@/lib/auth/auth";
import { db } from "@/lib/db";

export const dynamic = "force-dynamic";

/** Signed in: the dashboard. Otherwise sign-up on a fresh install, sign-in once accounts exist. */
export default async function HomePage() {
  if ((await auth())?.user) redirect("/overview");
  redirect((await db.user.count()) === 0 ? "/sign-up" : "/sign-in");
}
