import { LogoMark } from "./logo";

/** A page that is one card under the Pagewise name, centred (sign-in, sign-up, not found). */
export function BrandCardPage({ cardClassName, children }: { cardClassName: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 py-12">
      <p className="mb-6 flex items-center gap-2 text-lg font-bold text-slate-900">
        <LogoMark />
        Pagewise
      </p>
      <div className={`w-full rounded-xl border border-slate-200 bg-white shadow-sm ${cardClassName}`}>{children}</div>
    </main>
  );
}
