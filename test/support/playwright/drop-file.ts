import type { Page } from "@playwright/test";

/** Drops a file on an element the way a browser does: dragover, then drop with a DataTransfer holding the file. */
export async function dropFile(page: Page, selector: string, file: { name: string; type: string; bytes: Buffer }) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, bytes }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type }));
      return transfer;
    },
    { name: file.name, type: file.type, bytes: [...file.bytes] },
  );
  await page.dispatchEvent(selector, "dragover", { dataTransfer });
  await page.dispatchEvent(selector, "drop", { dataTransfer });
}
