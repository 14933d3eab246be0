import Link from "next/link";

/** Under the sign-up pages: the way back for someone who already has an account. */
export function SignInLink() {
  return (
    <p className="text-center text-sm text-slate-600">
      Have an account?{" "}
      <Link href="/sign-in" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600">
        Sign in
      </Link>
    </p>
  );
}
