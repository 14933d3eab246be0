import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import type { RoleRefusal } from "@/lib/teams/role-refusal";

/** A page the member's role cannot open: what it is for, who can, and the way back. */
export function RoleRefusalNotice({ refusal }: { refusal: RoleRefusal }) {
  return (
    <section aria-labelledby="role-refusal-title" className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 id="role-refusal-title" className="text-xl font-semibold text-slate-900">
        {refusal.title}
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        {`You are a ${refusal.role} of this team.`}
        {refusal.askWhom.length > 0 && ` Ask ${refusal.askWhom.join(", ")} if you need this changed.`}
      </p>
      <Link href="/overview" className={`${buttonClass("secondary")} mt-4`}>
        Back to the overview
      </Link>
    </section>
  );
}
