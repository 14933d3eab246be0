import type { Period } from "../schemas/common";

export const PERIODS = [
  { key: "7d", label: "7 days", days: 7 },
  { key: "30d", label: "30 days", days: 30 },
  { key: "90d", label: "90 days", days: 90 },
  { key: "all", label: "All time", days: null },
] as const;

export type PeriodKey = (typeof PERIODS)[number]["key"];

/** The dashboard's period picker → the API's { since, until } (until open: up to now). */
export function periodFromKey(key: string | undefined, fallback: PeriodKey = "all"): { key: PeriodKey; period: Period } {
  const found = PERIODS.find((p) => p.key === key) ?? PERIODS.find((p) => p.key === fallback)!;
  return {
    key: found.key,
    period: { since: found.days === null ? undefined : new Date(Date.now() - found.days * 86_400_000), until: undefined },
  };
}

/** The period as the dashboard names it: "All time", "Last 7 days". */
export const periodName = (key: PeriodKey) => (key === "all" ? "All time" : `Last ${PERIODS.find((p) => p.key === key)!.label}`);
