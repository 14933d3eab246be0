import {
  PDFArray,
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFParser,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFWriter,
  ParseSpeeds,
  type PDFContext,
  type PDFObject,
} from "@cantoo/pdf-lib";

/** The worker does one job at a time: nothing to yield to. */
const OBJECTS_PER_TICK = ParseSpeeds.Fastest;
/**
 * A copy without encryption of a PDF encrypted with the standard security handler, when it opens
 * with the empty user password (a file with an owner password only: anyone may open it, its
 * permissions restrict printing, copying, editing). Null when it needs a password or its
 * encryption cannot be read. Runs in the PDF worker process: the input is hostile.
 *
 * @cantoo/pdf-lib (a pdf-lib fork carrying pdf.js's standard security handler: RC4 40/128,
 * AESV2, AESV3 R5/R6, crypt filters, Identity) decrypts every string and stream while parsing,
 * object streams included. It also decrypts what was never encrypted, which is put back from the
 * file as stored: cross-reference streams (so the trailer's /Info and /ID) and, under
 * `/EncryptMetadata false`, metadata streams. Only objects reachable from the catalog and the
 * document information are written, so the encryption dictionary, cross-reference streams and
 * object stream containers do not come along.
 */
export async function decryptPdf(bytes: Uint8Array): Promise<Uint8Array | null> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { password: "", updateMetadata: false, parseSpeed: OBJECTS_PER_TICK });
  } catch {
    return null;
  }
  if (document.isEncrypted) return null;
  const { context } = document;
  const stored = await PDFParser.forBytesWithOptions(bytes, OBJECTS_PER_TICK).parseDocument();
  const { Root, Info, ID } = stored.trailerInfo;
  context.trailerInfo = { ...context.trailerInfo, ...(Root && { Root }), ...(Info && { Info }), ...(ID && { ID }) };
  if (metadataInTheClear(stored)) restoreMetadata(context, stored);
  keepOnlyReachable(context);
  return PDFWriter.forContext(context, OBJECTS_PER_TICK).serializeToBuffer();
}

/** `/EncryptMetadata false` (crypt filters, V 4 and 5): metadata streams were stored as they are. */
function metadataInTheClear(stored: PDFContext): boolean {
  const encrypt = stored.lookup(stored.trailerInfo.Encrypt);
  if (!(encrypt instanceof PDFDict)) return false;
  const version = encrypt.lookup(PDFName.of("V"));
  return version instanceof PDFNumber && version.asNumber() >= 4 && encrypt.lookup(PDFName.of("EncryptMetadata")) === PDFBool.False;
}

function restoreMetadata(context: PDFContext, stored: PDFContext) {
  for (const [ref, object] of stored.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.lookup(PDFName.of("Type")) !== PDFName.of("Metadata")) continue;
    const decrypted = context.lookup(ref);
    if (decrypted instanceof PDFRawStream) context.assign(ref, PDFRawStream.of(decrypted.dict, object.contents));
  }
}

function keepOnlyReachable(context: PDFContext) {
  const reachable = new Set<string>();
  const pending: Array<PDFObject | undefined> = [context.trailerInfo.Root, context.trailerInfo.Info];
  while (pending.length > 0) {
    const object = pending.pop();
    if (object instanceof PDFRef) {
      if (reachable.has(object.tag)) continue;
      reachable.add(object.tag);
      pending.push(context.lookup(object));
    } else if (object instanceof PDFStream) pending.push(object.dict);
    else if (object instanceof PDFDict) pending.push(...object.values());
    else if (object instanceof PDFArray) pending.push(...object.asArray());
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reachable.has(ref.tag)) context.delete(ref);
}
