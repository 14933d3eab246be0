import type { APIRequestContext } from "@playwright/test";
import { samplePdf } from "../../../scripts/lib/sample-pdf";
import type { Account } from "./accounts";

/** POST /api/v1/documents with a generated PDF (or the given bytes) and form fields. */
export async function upload(
  request: APIRequestContext,
  account: Account,
  options: { pages?: number; bytes?: Buffer; filename?: string; fields?: Record<string, string> } = {},
) {
  const buffer = options.bytes ?? (await samplePdf(options.pages ?? 5, "E2E deck"));
  return request.post("/api/v1/documents", {
    headers: account.auth,
    multipart: {
      file: { name: options.filename ?? "e2e_quarterly-deck.pdf", mimeType: "application/pdf", buffer },
      ...options.fields,
    },
  });
}

export type DocumentBody = {
  id: string;
  title: string;
  short_code: string;
  url: string;
  page_count: number;
  original_filename: string;
  created_at: string;
  is_active: boolean;
  settings: Record<string, unknown>;
};

export async function uploadOk(request: APIRequestContext, account: Account, options: Parameters<typeof upload>[2] = {}) {
  const response = await upload(request, account, options);
  if (response.status() !== 201) throw new Error(`upload failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as DocumentBody;
}
