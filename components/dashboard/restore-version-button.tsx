"use client";

import { useTransition } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { restoreVersionAction } from "@/lib/http/actions/document-actions";
import { plural } from "@/lib/plural";
import type { VersionReport } from "./version-report";

const FAILED = "The version was not restored. Reload the page and try again.";

/** Makes an earlier version current again, once the owner has confirmed; `report` hears what it came to. */
export function RestoreVersionButton({
  code,
  version,
  report,
}: {
  code: string;
  version: { number: number; page_count: number };
  report: (report: VersionReport) => void;
}) {
  const [pending, start] = useTransition();
  return (
    <ConfirmButton
      size="sm"
      pending={pending}
      aria-label={`Restore version ${version.number}`}
      title={`Restore version ${version.number}?`}
      description={`Every link of this document shows version ${version.number} (${plural(version.page_count, "page")}) again, at once. A gate past its last page stands on it while this version is current, and one moved down for a shorter version goes back to its chosen page. The current version stays in the history.`}
      confirmLabel="Restore"
      onConfirm={() => {
        report(null);
        start(async () => {
          const state = await restoreVersionAction(code, version.number).catch(() => ({ error: FAILED }));
          report(
            "outcome" in state && state.outcome
              ? { kind: "changed", outcome: state.outcome }
              : { kind: "error", message: state.error ?? FAILED },
          );
        });
      }}
    >
      {pending ? "Restoring…" : "Restore"}
    </ConfirmButton>
  );
}
