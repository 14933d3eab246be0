/** Pagewise's mark (the same drawing as app/icon.svg), beside the name. */
export function LogoMark({ className = "h-7 w-7" }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 32 32" className={`shrink-0 ${className}`}>
      <rect width="32" height="32" rx="7" fill="#2453e0" />
      <path d="M10 6h8l6 6v13a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2z" fill="#fff" />
      <path d="M18 6l6 6h-4.5a1.5 1.5 0 0 1-1.5-1.5z" fill="#b9cdfc" />
      <path d="M11.5 17h9M11.5 21h6" stroke="#2453e0" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** A document outline, for pages about a document (in place of an emoji, which some systems draw as an empty box). */
export function DocumentIcon({ className = "h-6 w-6" }: { className?: string }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h4" />
    </svg>
  );
}
