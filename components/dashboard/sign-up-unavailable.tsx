import { SignInLink } from "./sign-in-link";

/** Sign-up is not available to this visitor: closed, or invite-only without a usable invitation. */
export function SignUpUnavailable({ title, message }: { title: string; message: string }) {
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="text-sm text-slate-600">{message}</p>
      <SignInLink />
    </div>
  );
}
