import type { Metadata } from "next";
import { SIGNUP_LINK_HOURS } from "@/lib/users/request-signup";

export const metadata: Metadata = { title: "Check your email" };

export default function SignUpCheckEmailPage() {
  return (
    <div className="space-y-2 text-center">
      <h1 className="text-xl font-semibold text-slate-900">Check your email</h1>
      <p className="text-sm text-slate-600">
        We sent a message to the address you gave: a link to finish creating your account or, if that address already has an account, how to
        sign in. The link expires in {SIGNUP_LINK_HOURS} hours.
      </p>
    </div>
  );
}
