"use client";

import { acceptAttribute, kindsInWords } from "@/lib/office/upload-types";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { VersionsCardData } from "@/lib/dashboard/versions-card-data";
import { plural } from "@/lib/plural";
import { UploadProgress } from "./upload-progress";
import { useFileDrop } from "./use-file-drop";
import { useVersionUpload } from "./use-version-upload";
import { VersionHistory } from "./version-history";
import { type VersionReport, VersionReportNotice } from "./version-report";

/**
 * The document page's Versions card: a new file for the document (chosen, or dropped anywhere on
 * the card) with its progress, what the last upload or restore came to, and the history.
 */
export function VersionsCard({ code, data }: { code: string; data: VersionsCardData }) {
  const [report, setReport] = useState<VersionReport>(null);
  const { status, busy, upload } = useVersionUpload(code, data.maxUploadMb, data.uploadKinds, setReport);
  const drop = useFileDrop(([file]) => void upload(file));
  const input = useRef<HTMLInputElement>(null);
  const actions = (
    <>
      <input
        ref={input}
        type="file"
        accept={acceptAttribute(data.uploadKinds)}
        aria-label="New version's PDF"
        // The button is the control; the input takes no tab stop of its own.
        tabIndex={-1}
        className="sr-only"
        onChange={(e) => {
          void upload(e.target.files?.[0]);
          // The same file may be chosen again after a refusal.
          e.target.value = "";
        }}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={busy}>
        {busy ? "Uploading…" : "Upload new version"}
      </Button>
    </>
  );
  return (
    <div
      {...drop.handlers}
      data-testid="versions-card"
      className={`mb-6 rounded-xl ${drop.dragging ? "ring-2 ring-brand-500 ring-offset-2" : ""}`}
    >
      <Card title="Versions" description={<VersionsDescription data={data} />} actions={actions}>
        <div className="space-y-4">
          {busy && <UploadProgress percent={status.kind === "uploading" ? status.percent : null} />}
          <VersionReportNotice report={report} />
          {data.versions.length <= 1 && (
            <p className="text-sm text-slate-600" data-testid="versions-explained">
              A new version replaces this document&apos;s file behind the same links: readers get it at once, its analytics carry on, and
              earlier versions stay here to download or restore.
            </p>
          )}
          <VersionHistory code={code} versions={data.versions} report={setReport} />
        </div>
      </Card>
    </div>
  );
}

function VersionsDescription({ data }: { data: VersionsCardData }) {
  const kept =
    data.versionsKept === null
      ? "every version"
      : data.versionsKept === 1
        ? "only the current version"
        : `the last ${plural(data.versionsKept, "version")}`;
  return (
    <>
      Drop a file on this card or choose one ({kindsInWords(data.uploadKinds)}), up to {data.maxUploadMb} MB. Your team keeps {kept}.
    </>
  );
}
