import { LogoMark } from "@/components/ui/logo";
export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 py-12">
      <p className="mb-6 flex items-center gap-2 text-lg font-bold text-slate-900">
        <LogoMark />
        Pagewise
      </p>
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
    </main>
  );
}
