/** A count with its noun, singular for exactly one: "1 view", "0 views", "1,204 views". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? singular : pluralForm}`;
}
