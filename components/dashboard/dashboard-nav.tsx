"use client";

import { useRef, useState } from "react";
import { NavLink } from "./nav-link";

/**
 * The dashboard's main navigation: a column beside the page from `md` up; on a phone, behind a
 * Menu button (every item stays in reach instead of scrolling off the side of a bar). The panel
 * closes when an item is chosen or on Escape, which gives focus back to the button.
 */
export function DashboardNav({ items, footer }: { items: ReadonlyArray<{ href: string; label: string }>; footer: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="dashboard-menu"
        onClick={() => setOpen(!open)}
        className="absolute top-2 right-3 flex h-10 items-center gap-2 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 md:hidden"
      >
        <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round">
          {open ? <path d="M5 5l10 10M15 5L5 15" /> : <path d="M3 6h14M3 10h14M3 14h14" />}
        </svg>
        Menu
      </button>
      <div id="dashboard-menu" className={`${open ? "block" : "hidden"} border-t border-slate-100 md:block md:border-t-0`}>
        <nav aria-label="Main" className="flex flex-col gap-1 px-3 py-3 md:py-0">
          {items.map((item) => (
            <NavLink key={item.href} href={item.href} onClick={() => setOpen(false)}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        {footer}
      </div>
    </div>
  );
}
