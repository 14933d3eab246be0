import { docx } from "../../test/support/office-files";
import { samplePdf } from "../lib/sample-pdf";
import type { TrialContainer } from "./trial-container";

const PASSWORD = "container trial password";

/** Fails with what was expected and what came. */
function expect(ok: boolean, what: string, got: unknown): void {
  if (!ok) throw new Error(`${what}: got ${typeof got === "string" ? got : JSON.stringify(got)}`);
}

/** An account and an API key made by the CLI commands inside the container, as an operator would. */
export function createAccountAndKey(container: TrialContainer, email: string): string {
  const created = container.exec(["npm", "run", "--silent", "user:create", "--", "--email", email, "--password", PASSWORD]);
  expect(created.includes(`Created account ${email}`), "user:create inside the container", created);
  const key = container.exec(["npm", "run", "--silent", "apikey:create", "--", "--email", email]).split("\n").pop()!.trim();
  expect(/^pw_live_\S+$/.test(key), "apikey:create's last line is the key", key);
  return key;
}

type Upload = { status: number; body: { short_code?: string; page_count?: number; error?: { message?: string } } };

async function upload(container: TrialContainer, key: string, file: Buffer, filename: string, type: string): Promise<Upload> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(file)], { type }), filename);
  form.set("email_gate", "false");
  const res = await fetch(`${container.baseUrl}/api/v1/documents`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Upload["body"] };
}

/** A PDF uploaded through the API and a share link made for it; answers the link's code. */
export async function uploadAndShare(container: TrialContainer, key: string): Promise<string> {
  const uploaded = await upload(container, key, await samplePdf(3, "Container trial"), "container-trial.pdf", "application/pdf");
  expect(uploaded.status === 201 && uploaded.body.page_count === 3, "upload of a 3-page PDF (201, page_count 3)", uploaded);
  const res = await fetch(`${container.baseUrl}/api/v1/documents/${uploaded.body.short_code}/links`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Container trial" }),
  });
  const link = (await res.json()) as { code?: string };
  expect(res.status === 201 && Boolean(link.code), "a share link (201 with a code)", link);
  return link.code!;
}

/** A reader opens the link: its page answers 200 and its first page's image is served. */
export async function readLink(container: TrialContainer, code: string): Promise<void> {
  const page = await fetch(`${container.baseUrl}/s/${code}`);
  expect(page.status === 200, `GET /s/${code}`, page.status);
  const image = await fetch(`${container.baseUrl}/s/${code}/pages/1`);
  const type = image.headers.get("content-type") ?? "";
  expect(
    image.status === 200 && type.startsWith("image/") && (await image.arrayBuffer()).byteLength > 0,
    `GET /s/${code}/pages/1 (an image)`,
    `${image.status} ${type}`,
  );
}

/** A two-page .docx uploaded: converted into a two-page document where LibreOffice is, refused with a 400 saying so where it is not. */
export async function uploadOfficeFile(container: TrialContainer, key: string, hasLibreOffice: boolean): Promise<string> {
  const uploaded = await upload(
    container,
    key,
    docx(2, "Container memo"),
    "memo.docx",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  );
  if (hasLibreOffice) {
    expect(uploaded.status === 201 && uploaded.body.page_count === 2, "a .docx converted (201, page_count 2)", uploaded);
    return `converted to ${uploaded.body.page_count} pages`;
  }
  expect(
    uploaded.status === 400 && /LibreOffice is not installed/.test(uploaded.body.error?.message ?? ""),
    "a .docx refused without LibreOffice (400)",
    uploaded,
  );
  return "refused with 400 (no LibreOffice in this image)";
}
