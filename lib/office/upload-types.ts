/**
 * The kinds of file an upload may be, told by their bytes (`sniffUpload`): a PDF as it is, an
 * office file converted by LibreOffice, an image drawn on one page. Each kind's extensions are the
 * names that may carry it; the first is the one the original is stored under.
 */
export type UploadKind = "pdf" | "pptx" | "ppt" | "odp" | "docx" | "doc" | "odt" | "rtf" | "xlsx" | "xls" | "ods" | "csv" | "png" | "jpg";

type KindInfo = { extensions: readonly string[]; mime: string; converter: "none" | "libreoffice" | "image" };

export const UPLOAD_KINDS: Record<UploadKind, KindInfo> = {
  pdf: { extensions: ["pdf"], mime: "application/pdf", converter: "none" },
  pptx: {
    extensions: ["pptx"],
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    converter: "libreoffice",
  },
  ppt: { extensions: ["ppt"], mime: "application/vnd.ms-powerpoint", converter: "libreoffice" },
  odp: { extensions: ["odp"], mime: "application/vnd.oasis.opendocument.presentation", converter: "libreoffice" },
  docx: { extensions: ["docx"], mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", converter: "libreoffice" },
  doc: { extensions: ["doc"], mime: "application/msword", converter: "libreoffice" },
  odt: { extensions: ["odt"], mime: "application/vnd.oasis.opendocument.text", converter: "libreoffice" },
  rtf: { extensions: ["rtf"], mime: "application/rtf", converter: "libreoffice" },
  xlsx: { extensions: ["xlsx"], mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", converter: "libreoffice" },
  xls: { extensions: ["xls"], mime: "application/vnd.ms-excel", converter: "libreoffice" },
  ods: { extensions: ["ods"], mime: "application/vnd.oasis.opendocument.spreadsheet", converter: "libreoffice" },
  csv: { extensions: ["csv"], mime: "text/csv", converter: "libreoffice" },
  png: { extensions: ["png"], mime: "image/png", converter: "image" },
  jpg: { extensions: ["jpg", "jpeg"], mime: "image/jpeg", converter: "image" },
};

/** Extensions named by a macro-enabled kind: refused whatever is inside, since macros never run here. */
export const MACRO_EXTENSIONS = ["docm", "dotm", "xlsm", "xltm", "xlsb", "pptm", "potm", "ppsm"] as const;

/** The types as a person reads them, in groups, for errors and the upload form. */
const GROUPS: ReadonlyArray<{ label: string; kinds: readonly UploadKind[] }> = [
  { label: "PDF", kinds: ["pdf"] },
  { label: "PowerPoint", kinds: ["pptx", "ppt", "odp"] },
  { label: "Word", kinds: ["docx", "doc", "odt", "rtf"] },
  { label: "Excel", kinds: ["xlsx", "xls", "ods", "csv"] },
  { label: "images", kinds: ["png", "jpg"] },
];

/** The kinds a server takes: office files only when it can convert them. */
export const acceptedKinds = (canConvertOffice: boolean): UploadKind[] =>
  (Object.keys(UPLOAD_KINDS) as UploadKind[]).filter((kind) => canConvertOffice || UPLOAD_KINDS[kind].converter !== "libreoffice");

/** "PDF (.pdf), PowerPoint (.pptx, .ppt, .odp), …" for the kinds given. */
export function describeKinds(kinds: readonly UploadKind[]): string {
  return GROUPS.map(({ label, kinds: members }) => {
    const taken = members.filter((kind) => kinds.includes(kind)).flatMap((kind) => UPLOAD_KINDS[kind].extensions.map((ext) => `.${ext}`));
    return taken.length > 0 ? `${label} (${taken.join(", ")})` : null;
  })
    .filter((group) => group !== null)
    .join(", ");
}

/** "PDF, PowerPoint, Word, Excel or images": the groups of the kinds given, for a form's hint. */
export function kindsInWords(kinds: readonly UploadKind[]): string {
  const labels = GROUPS.filter(({ kinds: members }) => members.some((kind) => kinds.includes(kind))).map(({ label }) => label);
  return labels.length > 1 ? `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}` : (labels[0] ?? "");
}

/** A file input's `accept` for the kinds given: extensions and MIME types. */
export const acceptAttribute = (kinds: readonly UploadKind[]) =>
  kinds.flatMap((kind) => [...UPLOAD_KINDS[kind].extensions.map((ext) => `.${ext}`), UPLOAD_KINDS[kind].mime]).join(",");

/** The lower-case extension of a file name, without the dot; "" when it has none. */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf(".");
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : "";
}

/** The kind an extension names, or null for a name that names none. */
export const kindNamedBy = (extension: string): UploadKind | null =>
  (Object.keys(UPLOAD_KINDS) as UploadKind[]).find((kind) => UPLOAD_KINDS[kind].extensions.includes(extension)) ?? null;
