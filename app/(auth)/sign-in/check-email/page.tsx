import { ACCOUNT_LIMITS } from "@/lib/credentials/account-limits";

export default function CheckEmailPage() {
  const { perEmail, windowSeconds } = ACCOUNT_LIMITS.magicLink;
  return (
    <div className="space-y-2 text-center">
      <h1 className="text-xl font-semibold text-slate-900">Check your email</h1>
      <p className="text-sm text-slate-600">
        We sent a message to that address: a sign-in link if it has an account here. The link works once and expires in 24 hours.
      </p>
      <p className="text-xs text-slate-500">
        Nothing arrived? At most {perEmail} emails go to one address every {windowSeconds / 60} minutes.
      </p>
    </div>
  );
}
