"use client";

import { generateReactHelpers } from "@uploadthing/react";
import { useRef } from "react";
import type { ErrorBody } from "@/lib/schemas/common";
import type { PdfFileRouter } from "@/lib/http/uploadthing-router";

/** What an upload reports back to the form while it runs. */
export type UploadProgress = {
  onProgress: (percent: number) => void;
  /** The bytes are all sent; the server is inspecting the PDF. */
  onProcessing: () => void;
  onDone: (shortCode: string) => void;
  onError: (message: string, fields?: Record<string, string>) => void;
};

/** Sends the chosen PDF and the form's settings; how depends on where the server stores files. */
export type SendUpload = (file: File, form: FormData, progress: UploadProgress) => void;

const INTERRUPTED = "The upload was interrupted. Check your connection and try again.";

/** What a POST through this server reports while it runs, then its answer's body once it succeeds. */
export type PostProgress<T> = Pick<UploadProgress, "onProgress" | "onProcessing" | "onError"> & { onDone: (body: T) => void };

/**
 * One multipart POST to one of the dashboard's upload routes, its progress read from the XHR; a
 * refusal is the message and field problems of the route's error envelope.
 */
export function postWithProgress<T>(url: string, form: FormData, progress: PostProgress<T>): void {
  const xhr = new XMLHttpRequest();
  xhr.open("POST", url);
  xhr.upload.onprogress = (e) => e.lengthComputable && progress.onProgress(Math.round((e.loaded / e.total) * 100));
  xhr.upload.onload = () => progress.onProcessing();
  xhr.onerror = () => progress.onError(INTERRUPTED);
  xhr.onload = () => {
    const body = answerOf(xhr.responseText) as T & { error?: ErrorBody["error"] };
    if (xhr.status >= 200 && xhr.status < 300) progress.onDone(body);
    else progress.onError(body.error?.message ?? `Upload failed (HTTP ${xhr.status}).`, body.error?.fields);
  };
  progress.onProgress(0);
  xhr.send(form);
}

/** A proxy's own refusal (an HTML 413 page) is no JSON: it reads as an answer without a body. */
function answerOf(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text || "{}") as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Through this server (local disk or S3): one multipart POST, its progress read from the XHR. */
export function useServerUpload(): SendUpload {
  return (file, form, progress) => {
    form.set("file", file, file.name);
    postWithProgress<{ short_code: string }>("/api/dashboard/upload", form, {
      ...progress,
      onDone: (body) => progress.onDone(body.short_code),
    });
  };
}

const { useUploadThing } = generateReactHelpers<PdfFileRouter>();

/** The shape our file router gives its errors (lib/http/uploadthing-router.ts), or the envelope when the route refused the request first (rate limit, body cap). */
type RouterError = { message?: string; fields?: Record<string, string>; error?: { message?: string; fields?: Record<string, string> } };

/**
 * Straight to UploadThing: this server checks the form and hands out an upload URL, the browser
 * sends the file to UploadThing, and the answer comes back once the server has inspected it.
 */
export function useUploadThingUpload(): SendUpload {
  const current = useRef<UploadProgress | null>(null);
  const { startUpload } = useUploadThing("pdf", {
    uploadProgressGranularity: "fine",
    onUploadProgress: (percent) => {
      if (percent >= 100) current.current?.onProcessing();
      else current.current?.onProgress(Math.round(percent));
    },
    onUploadError: (error) => {
      const cause = (error.cause ?? {}) as RouterError;
      const shape = cause.error ?? cause;
      const fallback = error.code === "UPLOAD_FAILED" ? INTERRUPTED : "The upload could not be started. Try again.";
      current.current?.onError(shape.message ?? fallback, shape.fields);
    },
    onClientUploadComplete: ([uploaded]) => {
      const result = uploaded?.serverData;
      if (result?.ok) current.current?.onDone(result.short_code);
      else current.current?.onError(result?.error.message ?? "The upload could not be processed. Try again.");
    },
  });
  return (file, form, progress) => {
    current.current = progress;
    const fields: Record<string, string> = {};
    form.forEach((value, name) => {
      if (typeof value === "string") fields[name] = value;
    });
    progress.onProgress(0);
    // Every file goes through UploadThing's one "pdf" route (it matches on the type given here): an
    // office file or image too, chosen by its name; the server tells what the file is by its bytes
    // once it has it, and converts it (lib/office).
    void startUpload([new File([file], file.name, { type: "application/pdf", lastModified: file.lastModified })], fields);
  };
}
