import { accentInk, accentVariables, DEFAULT_ACCENT } from "@/lib/rules/accent";

/** What a reader sees at the gate, drawn with the accent being chosen (before it is saved). */
export function BrandPreview({ accent, hideMark, logoSrc }: { accent: string | null; hideMark: boolean; logoSrc: string | null }) {
  return (
    <figure className="rounded-lg bg-slate-100 p-4" data-testid="branding-preview" style={accentVariables(accent)}>
      <figcaption className="mb-3 text-xs font-medium text-slate-600">Preview: the gate a reader sees</figcaption>
      <div className="mx-auto max-w-xs rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        {/* eslint-disable-next-line @next/next/no-img-element */}
        {logoSrc && <img src={logoSrc} alt="" className="mb-3 h-8 w-auto max-w-40 object-contain" />}
        <p className="text-xs font-semibold tracking-wide uppercase" style={{ color: accentInk(accent ?? DEFAULT_ACCENT) }}>
          Shared document
        </p>
        <p className="mt-1 text-sm font-semibold text-slate-900">Enter your email to read</p>
        <div aria-hidden className="mt-3 rounded-md border border-slate-300 px-3 py-2 text-xs text-slate-400">
          you@company.com
        </div>
        <span
          data-testid="branding-preview-button"
          className="mt-3 flex w-full justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-brand-contrast"
        >
          Continue
        </span>
        {!hideMark && (
          <p className="mt-3 text-center text-xs text-slate-500">
            Shared with <span className="font-semibold text-slate-700">Pagewise</span>
          </p>
        )}
      </div>
    </figure>
  );
}
