"use client";

import { useState, useTransition } from "react";
import { PdfDropArea } from "@/components/dashboard/pdf-drop-area";
import { UploadProgress } from "@/components/dashboard/upload-progress";
import { type SendUpload, useServerUpload, useUploadThingUpload } from "@/components/dashboard/upload-transports";
import { useChosenPdf } from "@/components/dashboard/use-chosen-pdf";
import { useFileDrop } from "@/components/dashboard/use-file-drop";
import type { UploadStatus } from "@/components/dashboard/use-upload-submit";
import { Button } from "@/components/ui/button";
import { Field, FormError } from "@/components/ui/field";
import { type Options, Select } from "@/components/ui/select";
import { addRoomDocumentAction } from "@/lib/http/actions/room-actions";

type Props = { roomId: string; folders: Options; maxUploadMb: number; direct: boolean };

/** A PDF uploaded as the documents page uploads one (through this server, or straight to UploadThing), then put in a folder of the room. */
export function RoomUploadForm({ direct, ...props }: Props) {
  return direct ? <DirectUpload {...props} /> : <ServerUpload {...props} />;
}

function ServerUpload(props: Omit<Props, "direct">) {
  return <FreshEachTime {...props} send={useServerUpload()} />;
}

function DirectUpload(props: Omit<Props, "direct">) {
  return <FreshEachTime {...props} send={useUploadThingUpload()} />;
}

/** Once a document is in the room the form starts over, with no file chosen. */
function FreshEachTime(props: Omit<Props, "direct"> & { send: SendUpload }) {
  const [round, setRound] = useState(0);
  return <UploadForm key={round} {...props} onAdded={() => setRound((n) => n + 1)} />;
}

/**
 * The new document takes the team's default settings; readers who open it through the room meet
 * the room's rules instead.
 */
function UploadForm({ roomId, folders, maxUploadMb, send, onAdded }: Omit<Props, "direct"> & { send: SendUpload; onAdded: () => void }) {
  const [status, setStatus] = useState<UploadStatus>({ kind: "idle" });
  const [placing, startPlacing] = useTransition();
  const { file, pages, fileError, choose } = useChosenPdf(maxUploadMb, { onPick: () => setStatus({ kind: "idle" }), onAccepted: () => {} });
  const drop = useFileDrop((dropped) => void choose(dropped));
  const busy = status.kind === "uploading" || status.kind === "processing" || placing;

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return setStatus({ kind: "error", message: "Choose a PDF first." });
    const folderId = String(new FormData(event.currentTarget).get("folder_id") ?? "");
    send(file, new FormData(), {
      onProgress: (percent) => setStatus({ kind: "uploading", percent }),
      onProcessing: () => setStatus({ kind: "processing" }),
      onError: (message) => setStatus({ kind: "error", message }),
      onDone: (shortCode) =>
        startPlacing(async () => {
          const placement = new FormData();
          placement.set("short_code", shortCode);
          placement.set("folder_id", folderId);
          const answer = await addRoomDocumentAction(roomId, undefined, placement);
          const refused = answer?.error ?? Object.values(answer?.fieldErrors ?? {})[0];
          if (refused) setStatus({ kind: "error", message: `Uploaded, but not added to the room: ${refused}` });
          else onAdded();
        }),
    });
  }

  return (
    <form onSubmit={submit} aria-label="Upload into the room" className="flex flex-col gap-3">
      <PdfDropArea
        dropHandlers={drop.handlers}
        dragging={drop.dragging}
        file={file}
        pages={pages}
        maxUploadMb={maxUploadMb}
        message={fileError && <FormError id="upload-file-error" message={fileError} />}
        fileInput={
          <input
            id="upload-file"
            type="file"
            accept="application/pdf,.pdf"
            className="sr-only"
            aria-describedby={fileError ? "upload-file-error" : undefined}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        }
      />
      <Field id="upload-folder" label="Into folder">
        {(control) => <Select {...control} name="folder_id" options={[["", "Top level"], ...folders]} />}
      </Field>
      {(status.kind === "uploading" || status.kind === "processing") && (
        <UploadProgress percent={status.kind === "uploading" ? status.percent : null} />
      )}
      {status.kind === "error" && <FormError message={status.message} />}
      <div>
        <Button type="submit" variant="secondary" disabled={busy || !file}>
          {busy ? "Uploading…" : "Upload and add"}
        </Button>
      </div>
    </form>
  );
}
