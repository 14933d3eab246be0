"use client";

import { useSyncExternalStore } from "react";
import { localDay, localMinute, utcMinute } from "@/lib/format-time";

const never = () => () => {};

/**
 * A moment in the reader's own time zone, with the UTC time in its tooltip. The server knows no
 * browser's zone, so the server's HTML says UTC; the browser rewrites it in local time as it loads.
 */
export function LocalTime({ value, day = false, className }: { value: string | Date; day?: boolean; className?: string }) {
  const iso = typeof value === "string" ? value : value.toISOString();
  const local = useSyncExternalStore(
    never,
    () => (day ? localDay(iso) : localMinute(iso)),
    () => null,
  );
  const utc = `${utcMinute(iso)} UTC`;
  return (
    <time dateTime={iso} title={utc} className={className}>
      {local ?? (day ? iso.slice(0, 10) : utc)}
    </time>
  );
}
