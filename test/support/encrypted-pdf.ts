import {
  PDFArray,
  PDFDict,
  PDFDocument as EncryptingDocument,
  PDFHexString as EncryptingHexString,
  PDFName as EncryptingName,
  PDFRef as EncryptingRef,
  PDFStream,
  PDFString,
  type PDFObject,
} from "@cantoo/pdf-lib";
import { randomBytes } from "node:crypto";
import {
  PDFDict as PDFDict17,
  PDFDocument,
  PDFHexString,
  PDFName as PDFName17,
  PDFRawStream as PDFRawStream17,
  PDFString as PDFString17,
  type PDFContext,
} from "pdf-lib";
import { samplePdf } from "../../scripts/lib/sample-pdf";
import { deflatedZeros } from "./hostile-pdfs";

/**
 * A PDF whose trailer declares standard-handler encryption with /O and /U values no password
 * checks out against: the empty user password does not open it, as with a password-protected file.
 */
export async function encryptedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.load(await samplePdf(1, "Encrypted"));
  const { context } = pdf;
  const hex = (s: string) => PDFHexString.of(s);
  context.trailerInfo.Encrypt = context.register(
    context.obj({ Filter: "Standard", V: 1, R: 2, O: hex("2a".repeat(32)), U: hex("2b".repeat(32)), P: -44 }),
  );
  context.trailerInfo.ID = context.obj([hex("0123456789abcdef0123456789abcdef"), hex("0123456789abcdef0123456789abcdef")]);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

export const CIPHERS = {
  "RC4 40-bit (R2)": "RC4-40",
  "RC4 128-bit (R3)": "RC4-128",
  "AES-128 (R4)": "AES-128",
  "AES-256 (R6)": "AES-256",
} as const;
export type Cipher = (typeof CIPHERS)[keyof typeof CIPHERS];

/**
 * `source` encrypted with the standard security handler, as Acrobat or qpdf write it: an owner
 * password always, a user password only when given (without one, anyone opens the file).
 * @cantoo/pdf-lib encrypts the streams; the strings of objects outside object streams are
 * encrypted here with the same per-object keys (the library leaves them plain), so the file is
 * what a conforming writer makes and pdf.js reads it back.
 */
export async function encryptPdf(
  source: Uint8Array,
  options: { cipher: Cipher; userPassword?: string; objectStreams: boolean; metadataInTheClear?: boolean },
): Promise<Buffer> {
  const document = await EncryptingDocument.load(source, { updateMetadata: false });
  document.encrypt({
    ownerPassword: "owner secret",
    userPassword: options.userPassword ?? "",
    algorithm: options.cipher,
    allowWeakCryptography: true,
    permissions: { printing: "lowResolution", copying: false, modifying: false },
  });
  const { context } = document;
  const security = context.security!;
  const encryptRef = context.trailerInfo.Encrypt;
  if (options.metadataInTheClear) {
    if (options.cipher !== "AES-256") throw new Error("Only AES-256 metadata can be stored in the clear here");
    context.lookup(encryptRef, PDFDict).set(EncryptingName.of("EncryptMetadata"), context.obj(false));
  }
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (ref === encryptRef) continue;
    // Objects that go into an object stream are encrypted with it, not string by string.
    if (options.objectStreams && !(object instanceof PDFStream)) continue;
    const encrypt = security.getEncryptFn(ref.objectNumber, ref.generationNumber);
    encryptStrings(object instanceof PDFStream ? object.dict : object, encrypt);
  }
  const metadata = document.catalog.get(EncryptingName.of("Metadata"));
  // Saving encrypts streams in place.
  const plainMetadata = metadata && Uint8Array.from(context.lookup(metadata, PDFStream).getContents());
  const saved = Buffer.from(await document.save({ useObjectStreams: options.objectStreams, updateFieldAppearances: false }));
  if (!options.metadataInTheClear || !plainMetadata) return saved;
  return storeInTheClear(saved, (metadata as EncryptingRef).objectNumber, plainMetadata);
}

/**
 * The file with object `objectNumber`'s stream bytes put back as `plain`, padded with spaces to
 * the length of the ciphertext the library wrote (which is longer), so every offset holds. Only
 * AES-256 leaves the file key independent of /EncryptMetadata, so only it can be made this way.
 */
function storeInTheClear(file: Buffer, objectNumber: number, plain: Uint8Array): Buffer {
  const object = file.indexOf(`\n${objectNumber} 0 obj\n`, 0, "latin1");
  const start = file.indexOf("stream\n", object, "latin1") + "stream\n".length;
  const end = file.indexOf("\nendstream", start, "latin1");
  if (object < 0 || end - start < plain.length) throw new Error("The metadata stream cannot be stored in the clear");
  const patched = Buffer.from(file);
  patched.fill(0x20, start, end);
  patched.set(plain, start);
  return patched;
}

/** `source` with an XMP metadata stream whose dc:title is `title`, as Acrobat writes one. */
export async function withXmpTitle(source: Uint8Array, title: string): Promise<Buffer> {
  const document = await PDFDocument.load(source, { updateMetadata: false });
  const xmp = [
    '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${title}</rdf:li></rdf:Alt></dc:title>`,
    "</rdf:Description></rdf:RDF></x:xmpmeta>",
    '<?xpacket end="w"?>',
  ].join("\n");
  const stream = document.context.stream(xmp, { Type: "Metadata", Subtype: "XML" });
  document.catalog.set(PDFName17.of("Metadata"), document.context.register(stream));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

function encryptStrings(object: PDFObject, encrypt: (bytes: Uint8Array) => Uint8Array) {
  const encrypted = (value: PDFObject) =>
    value instanceof PDFString || value instanceof EncryptingHexString
      ? EncryptingHexString.of(Buffer.from(encrypt(value.asBytes())).toString("hex"))
      : undefined;
  if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) {
      const replacement = encrypted(value);
      if (replacement) object.set(key, replacement);
      else encryptStrings(value, encrypt);
    }
  } else if (object instanceof PDFArray) {
    object.asArray().forEach((value, index) => {
      const replacement = encrypted(value);
      if (replacement) object.set(index, replacement);
      else encryptStrings(value, encrypt);
    });
  }
}

/** An encrypted file without object streams, changed as it is stored (nothing decrypted): hostile variants. */
export async function tamperEncrypted(file: Uint8Array, change: (context: PDFContext, encrypt: PDFDict17) => void): Promise<Buffer> {
  const document = await PDFDocument.load(file, { ignoreEncryption: true, updateMetadata: false });
  change(document.context, document.context.lookup(document.context.trailerInfo.Encrypt, PDFDict17));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

/** Every stream's stored bytes replaced by random bytes of the same length: ciphertext that decrypts to garbage. */
export const garbageCiphertext = (context: PDFContext) => {
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream17) context.assign(ref, PDFRawStream17.of(object.dict, randomBytes(object.contents.length)));
  }
};

/** An /O or /U string cut short. */
export const truncated = (key: "O" | "U", length: number) => (_context: PDFContext, encrypt: PDFDict17) => {
  const value = encrypt.lookup(PDFName17.of(key));
  const bytes = value instanceof PDFHexString || value instanceof PDFString17 ? value.asBytes() : new Uint8Array();
  encrypt.set(PDFName17.of(key), PDFHexString.of(Buffer.from(bytes.subarray(0, length)).toString("hex")));
};

/** A `pages`-page PDF whose first page's content stream inflates to `inflatedBytes` zeros: a bomb to encrypt. */
export async function contentBomb(pages: number, inflatedBytes: number): Promise<Buffer> {
  const document = await PDFDocument.load(await samplePdf(pages));
  const { context } = document;
  const bomb = context.register(PDFRawStream17.of(context.obj({ Filter: "FlateDecode" }), await deflatedZeros(inflatedBytes)));
  document.getPage(0).node.set(PDFName17.of("Contents"), bomb);
  return Buffer.from(await document.save({ useObjectStreams: false }));
}
