/** Heroicons' 20 px solid shapes, drawn in the text's colour and hidden from screen readers (the text says it). */
const SOLID = {
  check: "M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z",
  alert:
    "M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z",
} as const;

export function SolidIcon({ name, className = "" }: { name: keyof typeof SOLID; className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className={`h-4 w-4 shrink-0 ${className}`}>
      <path fillRule="evenodd" d={SOLID[name]} clipRule="evenodd" />
    </svg>
  );
}
