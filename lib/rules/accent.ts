/**
 * A team's accent colour on the viewer and the gate (issue 27, item 8): which text colour stays
 * readable on it, and the CSS variables that replace Pagewise's blue. Pure, so the browser's
 * preview and the server's page and emails agree on every colour.
 */

/** Pagewise's own blue (`--color-brand-600` in app/globals.css): what a team without an accent gets. */
export const DEFAULT_ACCENT = "#2453e0";
export const ACCENT_PATTERN = /^#[0-9a-f]{6}$/;

const BLACK = "#000000";
const WHITE = "#ffffff";
/** Slate 800: eyebrow text on white when the accent itself is too pale to read there. */
const READABLE_INK = "#1e293b";
/** WCAG 2 AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

function channel(hex: string, at: number): number {
  const value = parseInt(hex.slice(at, at + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2's relative luminance of a `#rrggbb` colour: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** WCAG 2's contrast ratio of two colours, 1 (none) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Black or white, whichever contrasts more with the accent: the text on its buttons. */
export function textOnAccent(accent: string): typeof BLACK | typeof WHITE {
  return contrastRatio(accent, BLACK) > contrastRatio(accent, WHITE) ? BLACK : WHITE;
}

/** The accent as text on white (labels, links): itself when readable there, else a dark slate. */
export function accentInk(accent: string): string {
  return contrastRatio(accent, WHITE) >= MIN_TEXT_CONTRAST ? accent : READABLE_INK;
}

/**
 * The theme's brand variables (app/globals.css) for an accent, set on the viewer's outermost
 * element so buttons, the progress bar and focus rings take it. Hover moves away from the text
 * colour, so the text stays at least as readable while hovered. Null accent: Pagewise's own colours.
 */
export function accentVariables(accent: string | null): Record<string, string> | undefined {
  if (!accent || !ACCENT_PATTERN.test(accent)) return undefined;
  const text = textOnAccent(accent);
  return {
    "--color-brand-500": accent,
    "--color-brand-600": accent,
    "--color-brand-700": `color-mix(in srgb, ${accent} 85%, ${text === WHITE ? BLACK : WHITE})`,
    "--color-brand-contrast": text,
    "--color-brand-ink": accentInk(accent),
  };
}
