export default function CheckEmailPage() {
  return (
    <div className="space-y-2 text-center">
      <h1 className="text-xl font-semibold text-slate-900">Check your email</h1>
      <p className="text-sm text-slate-600">We sent you a sign-in link. It works once and expires in 24 hours.</p>
    </div>
  );
}
