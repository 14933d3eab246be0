import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { CIPHERS, encryptedPdf, encryptPdf, withXmpTitle } from "@/test/support/encrypted-pdf";
import { samplePdf } from "../../scripts/lib/sample-pdf";
import { decryptPdf } from "./decrypt-pdf";

async function read(file: Uint8Array): Promise<{ title: unknown; pages: string[] }> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  const pdf = await getDocumentProxy(new Uint8Array(file));
  const { info } = await pdf.getMetadata();
  return { title: (info as { Title?: string }).Title, pages: (await extractText(pdf, { mergePages: false })).text };
}

async function xmpTitle(file: Uint8Array): Promise<unknown> {
  const { getDocumentProxy } = await import("unpdf");
  const { metadata } = await (await getDocumentProxy(new Uint8Array(file))).getMetadata();
  return metadata?.get("dc:title");
}

const opensWithoutPassword = async (file: Uint8Array) => (await PDFDocument.load(file, { updateMetadata: false })).getPageCount();

describe("decrypting a PDF anyone may open", () => {
  for (const [cipherName, cipher] of Object.entries(CIPHERS)) {
    for (const objectStreams of [false, true]) {
      const layout = `${cipherName}, ${objectStreams ? "objects in object streams" : "no object streams"}`;

      it(`gives a copy without encryption that reads as the original: ${layout}`, async () => {
        const source = await samplePdf(3, "Quarterly numbers");
        const encrypted = await encryptPdf(source, { cipher, objectStreams });
        await expect(opensWithoutPassword(encrypted), "pdf-lib refuses the encrypted file").rejects.toThrow(/encrypt/i);
        // pdf.js opens it without a password, as any reader does, and reads the original's strings and text.
        expect(await read(encrypted)).toEqual(await read(source));

        const decrypted = (await decryptPdf(encrypted))!;
        expect(Buffer.from(decrypted).toString("latin1")).not.toMatch(/\/Encrypt\b/);
        expect(await opensWithoutPassword(decrypted)).toBe(3);
        expect(await read(decrypted)).toEqual(await read(source));
      });

      it(`refuses a file that needs a user password: ${layout}`, async () => {
        const encrypted = await encryptPdf(await samplePdf(2), { cipher, objectStreams, userPassword: "let me in" });
        expect(await decryptPdf(encrypted)).toBeNull();
      });
    }
  }

  it("keeps metadata a file stores in the clear (/EncryptMetadata false) as it was", async () => {
    const source = await withXmpTitle(await samplePdf(2, "Info title"), "XMP title");
    const encrypted = await encryptPdf(source, { cipher: "AES-256", objectStreams: false, metadataInTheClear: true });
    expect(Buffer.from(encrypted).toString("latin1")).toContain(">XMP title<");
    expect(await xmpTitle(encrypted)).toBe("XMP title");

    const decrypted = (await decryptPdf(encrypted))!;
    expect(await xmpTitle(decrypted)).toBe("XMP title");
    expect(await read(decrypted)).toEqual(await read(source));
  });

  it("refuses a file whose /O and /U no password checks out against", async () => {
    expect(await decryptPdf(await encryptedPdf())).toBeNull();
  });
});
