"use client";

import { createContext, useContext } from "react";
import { accentVariables } from "@/lib/rules/accent";
import type { LinkBrand } from "@/lib/branding/team-branding";

const BrandContext = createContext<LinkBrand | null>(null);

/**
 * The team's brand around everything a reader of its link sees: the accent as the theme's brand
 * variables (buttons, progress bar, focus rings: app/globals.css), and the logo and the Pagewise
 * mark for the parts below. `contents`: the wrapper adds no box, only the variables.
 */
export function BrandFrame({ brand, children }: { brand: LinkBrand; children: React.ReactNode }) {
  return (
    <BrandContext.Provider value={brand}>
      <div className="contents" data-accent={brand.accentColor ?? undefined} style={accentVariables(brand.accentColor)}>
        {children}
      </div>
    </BrandContext.Provider>
  );
}

/** The team's logo, when it has one (its alt text names the team). */
export function TeamLogo({ className = "mb-4 h-10 max-w-48" }: { className?: string }) {
  const logo = useContext(BrandContext)?.logo;
  const teamName = useContext(BrandContext)?.teamName ?? "";
  if (!logo) return null;
  return (
    // A plain <img>: our route serves the re-encoded file with its own immutable caching, not an image optimizer.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={logo.src}
      alt={teamName}
      width={logo.width}
      height={logo.height}
      data-testid="team-logo"
      className={`w-auto object-contain object-left ${className}`}
    />
  );
}

/** "Shared with Pagewise", unless the team hid it. */
export function PagewiseMark({ className = "" }: { className?: string }) {
  if (useContext(BrandContext)?.hidePagewiseMark) return null;
  return (
    <p data-testid="pagewise-mark" className={`text-xs text-slate-500 ${className}`}>
      Shared with <span className="font-semibold text-slate-700">Pagewise</span>
    </p>
  );
}
