/**
 * The newly typed instant of `form` (ISO 8601) that has already passed (an expiry that would refuse readers at
 * once), as the owner typed it; null when there is none. A field with a choice beside it
 * (`<name>_mode`, a link's "Expires at") counts only while that choice is "at".
 */
export function pastInstantIn(form: HTMLFormElement): string | null {
  for (const input of form.querySelectorAll<HTMLInputElement>("input[data-typed]")) {
    const mode = form.elements.namedItem(`${input.name}_mode`);
    if (mode instanceof HTMLSelectElement && mode.value !== "at") continue;
    const at = Date.parse(input.value);
    if (Number.isFinite(at) && at < Date.now()) return input.value;
  }
  return null;
}
