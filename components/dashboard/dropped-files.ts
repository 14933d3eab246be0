import { pickedKind } from "@/lib/documents/check-pdf-choice";
import type { UploadKind } from "@/lib/office/upload-types";

/** A file of a drop, with the folders it sat in (outermost first) relative to what was dropped, and the room folder chosen for the drop. */
export type DroppedFile = { file: File; path: string[]; into?: string | null };

/** A drop larger than this is refused whole, before anything is sent: the room's own bound is 5,000 documents. */
export const MAX_FILES_PER_DROP = 1000;

/** The files of a file input: chosen one by one, or a whole folder (`webkitdirectory`), whose relative paths name the folders. */
export function filesOfInput(files: FileList | readonly File[]): DroppedFile[] {
  return Array.from(files, (file) => ({ file, path: file.webkitRelativePath.split("/").filter(Boolean).slice(0, -1) }));
}

/**
 * The files of a drop, folders walked to the bottom (each folder's entries come in batches, read
 * until an empty one). Browsers without entries give the dropped files themselves.
 */
export async function filesOfDrop(data: DataTransfer): Promise<DroppedFile[]> {
  const entries = Array.from(data.items, (item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.some((entry) => entry === null)) return filesOfInput(data.files);
  const found: DroppedFile[] = [];
  const walk = async (entry: FileSystemEntry, path: string[]): Promise<void> => {
    if (found.length > MAX_FILES_PER_DROP) return;
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
      found.push({ file, path });
      return;
    }
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
      if (batch.length === 0) break;
      for (const child of batch) await walk(child, [...path, entry.name]);
    }
  };
  for (const entry of entries) await walk(entry!, []);
  return found;
}

/** What a drop sends: its files of the kinds the server takes (`pdfs`, though office files and images are among them), and the others named as skipped. */
export function sortDrop(
  files: readonly DroppedFile[],
  kinds: readonly UploadKind[] = ["pdf"],
): { pdfs: DroppedFile[]; skipped: DroppedFile[] } {
  const taken = ({ file }: DroppedFile) => pickedKind(file, kinds) !== null;
  return { pdfs: files.filter(taken), skipped: files.filter((dropped) => !taken(dropped)) };
}
