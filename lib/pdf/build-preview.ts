import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNull,
  PDFNumber,
  PDFRef,
  PDFStream,
  PDFRawStream,
  type PDFObject,
  type PDFPageLeaf,
} from "pdf-lib";
import { contentNames } from "./content-names";
import { decodeStream } from "./decode-stream";

/**
 * The preview a reader gets before the gate: a new PDF holding pages 1..count of the source and
 * nothing reachable from any other page. It is a strict rewrite, not a copy:
 *
 * - each page is rebuilt from a whitelist of keys (boxes, rotation, transparency group, content);
 * - its resources keep only the names its own content uses, recursively (form XObjects, tiling
 *   patterns, Type 3 glyphs and soft masks are pruned against their own content), so whatever
 *   the page tree shares with later pages stays behind;
 * - annotations are flattened into the content from their visible appearance, so no link,
 *   destination, form field or popup crosses over;
 * - nothing of the catalog is taken (outlines, names, attachments, AcroForm, structure tree, page
 *   labels, JavaScript, open action, metadata), and the file is written afresh, so earlier
 *   revisions of an incrementally updated file are gone.
 *
 * Copied objects lose every key that can point at a page, an action or document-level data. Such
 * a key is dropped by its role, not by its name alone: in the objects a page draws with (XObjects,
 * patterns, shadings, graphics states, colour spaces) each of these keys is either the link it
 * names or not defined at all. Where keys are names the file chose they are all kept: in a font
 * and everything under it (a Type 3 font's /CharProcs keys are glyph names: /A, /P, /Next…), a
 * DeviceN space's /Colorants and a type 5 halftone (colorant names).
 * An object whose type is a page, annotation, action, file or structure element is never copied.
 */
export type PreviewLimits = { maxContentBytes: number };

/** Keys a copied object loses where keys are not the file's own names (exported so tests can collide with every one). */
export const PREVIEW_DROPPED_KEYS = [
  "A",
  "AA",
  "AF",
  "AcroForm",
  "Alternates",
  "Annots",
  "B",
  "Collection",
  "Dest",
  "Dests",
  "EF",
  "First",
  "IRT",
  "Info",
  "JS",
  "JavaScript",
  "Kids",
  "Last",
  "Metadata",
  "Names",
  "Next",
  "OCProperties",
  "OPI",
  "OpenAction",
  "Outlines",
  "P",
  "PageLabels",
  "Parent",
  "Pg",
  "PieceInfo",
  "Popup",
  "Prev",
  "Ref",
  "SpiderInfo",
  "StructParent",
  "StructParents",
  "StructTreeRoot",
  "Threads",
  "Thumb",
  "URI",
  // Never copied whole: only as pruned for the content that uses them.
  "Resources",
] as const;
const LINK_KEYS: ReadonlySet<string> = new Set(PREVIEW_DROPPED_KEYS);
const TYPE3_REPLACED_KEYS = new Set(["Resources"]);
/** Keys whose dictionary maps names the file chose (colorants) to values. */
const NAME_MAPS = new Set(["Colorants"]);
const REFUSED_TYPES = new Set([
  "Action",
  "Annot",
  "Bead",
  "Catalog",
  "Collection",
  "EmbeddedFile",
  "Filespec",
  "Metadata",
  "ObjStm",
  "OCProperties",
  "Outlines",
  "Page",
  "Pages",
  "Sig",
  "StructElem",
  "StructTreeRoot",
  "Thread",
  "XRef",
]);
const PAGE_BOXES = ["MediaBox", "CropBox", "BleedBox", "TrimBox", "ArtBox"] as const;
const INHERITED = new Set(["MediaBox", "CropBox", "Rotate", "Resources"]);
const ANNOT_HIDDEN = 1 << 1;
const ANNOT_NO_VIEW = 1 << 5;

/**
 * How an object is reached: the resources a content stream without its own takes (a form XObject
 * may take its page's), and whether its keys are data (inside a font or a name map) rather than
 * keys of a role.
 */
type Scope = { inheritedResources: PDFDict | undefined; keysAreData: boolean };
const PAGE_SCOPE: Scope = { inheritedResources: undefined, keysAreData: false };

const name = (value: string) => PDFName.of(value);
const nameOf = (object: PDFObject | undefined) => (object instanceof PDFName ? object.decodeText() : undefined);

export async function buildPreview(source: PDFDocument, count: number, limits: PreviewLimits): Promise<Uint8Array> {
  const target = await PDFDocument.create({ updateMetadata: false });
  const copier = new PrunedCopier(source, target, limits);
  for (const page of source.getPages().slice(0, count)) copier.copyPage(page.node);
  return target.save({ useObjectStreams: false });
}

class PrunedCopier {
  private readonly copies = new Map<string, PDFRef | typeof PDFNull>();

  constructor(
    private readonly source: PDFDocument,
    private readonly target: PDFDocument,
    private readonly limits: PreviewLimits,
  ) {}

  copyPage(leaf: PDFPageLeaf): void {
    const inherited = (key: string) => (INHERITED.has(key) ? leaf.getInheritableAttribute(name(key)) : leaf.get(name(key)));
    const resources = this.resolve(inherited("Resources"));
    const sourceResources = resources instanceof PDFDict ? resources : undefined;

    const parts = [this.pageContent(leaf)];
    const extraXObjects = new Map<string, PDFObject>();
    for (const [index, appearance] of this.visibleAppearances(leaf).entries()) {
      const xobjectName = `PwAnnot${index}`;
      extraXObjects.set(xobjectName, appearance.stream);
      parts.push(new TextEncoder().encode(`\nq ${appearance.matrix.join(" ")} cm /${xobjectName} Do Q`));
    }
    // The page's own content runs inside q…Q so annotations are drawn in the page's default space.
    const content = concat([new TextEncoder().encode("q\n"), ...parts.slice(0, 1), new TextEncoder().encode("\nQ"), ...parts.slice(1)]);

    const page = this.target.addPage();
    const node = page.node;
    for (const key of node.keys()) if (key.decodeText() !== "Type" && key.decodeText() !== "Parent") node.delete(key);
    for (const key of [...PAGE_BOXES, "Rotate", "UserUnit", "Group"]) {
      const value = this.resolve(inherited(key));
      if (value !== undefined) node.set(name(key), this.copy(value, PAGE_SCOPE));
    }
    if (!node.has(name("MediaBox"))) node.set(name("MediaBox"), this.target.context.obj([0, 0, 612, 792]));

    const pageResources = this.prunedResources(sourceResources, contentNames(content));
    if (extraXObjects.size > 0) {
      const xobjects = (pageResources.lookup(name("XObject")) as PDFDict | undefined) ?? this.target.context.obj({});
      for (const [key, stream] of extraXObjects)
        xobjects.set(name(key), this.copy(stream, { inheritedResources: sourceResources, keysAreData: false }));
      pageResources.set(name("XObject"), xobjects);
    }
    node.set(name("Resources"), pageResources);
    node.set(name("Contents"), this.target.context.register(this.target.context.flateStream(content)));
  }

  /** The page's own content streams, decoded and joined. */
  private pageContent(leaf: PDFPageLeaf): Uint8Array {
    const contents = this.resolve(leaf.get(name("Contents")));
    const streams = contents instanceof PDFArray ? contents.asArray().map((c) => this.resolve(c)) : [contents];
    const parts: Uint8Array[] = [];
    let total = 0;
    for (const stream of streams) {
      if (!(stream instanceof PDFStream)) continue;
      const bytes = decodeStream(stream, this.limits.maxContentBytes - total);
      total += bytes.length;
      parts.push(bytes, new Uint8Array([0x0a]));
    }
    return concat(parts);
  }

  /**
   * Each annotation a reader would see on the page, as its normal appearance and the matrix that
   * places it in the annotation's rectangle (PDF 32000-1 §12.5.5).
   */
  private visibleAppearances(leaf: PDFPageLeaf): Array<{ stream: PDFStream; matrix: string[] }> {
    const annots = this.resolve(leaf.get(name("Annots")));
    if (!(annots instanceof PDFArray)) return [];
    const result: Array<{ stream: PDFStream; matrix: string[] }> = [];
    for (const entry of annots.asArray()) {
      const annot = this.resolve(entry);
      if (!(annot instanceof PDFDict)) continue;
      const subtype = nameOf(annot.lookup(name("Subtype")));
      if (subtype === "Popup" || subtype === "Link") continue;
      const flags = numberOf(annot.lookup(name("F"))) ?? 0;
      if (flags & (ANNOT_HIDDEN | ANNOT_NO_VIEW)) continue;
      const stream = this.normalAppearance(annot);
      const rect = numbersOf(annot.lookup(name("Rect")), 4);
      if (!stream || !rect) continue;
      const bbox = numbersOf(stream.dict.lookup(name("BBox")), 4);
      const matrix = numbersOf(stream.dict.lookup(name("Matrix")), 6) ?? [1, 0, 0, 1, 0, 0];
      const placement = bbox && placeAppearance(bbox, matrix, rect);
      if (placement) result.push({ stream, matrix: placement });
    }
    return result;
  }

  private normalAppearance(annot: PDFDict): PDFStream | undefined {
    const appearances = this.resolve(annot.get(name("AP")));
    if (!(appearances instanceof PDFDict)) return undefined;
    const normal = this.resolve(appearances.get(name("N")));
    if (normal instanceof PDFStream) return normal;
    if (!(normal instanceof PDFDict)) return undefined;
    const state = annot.lookup(name("AS"));
    const chosen = state instanceof PDFName ? this.resolve(normal.get(state)) : undefined;
    return chosen instanceof PDFStream ? chosen : undefined;
  }

  /** A resources dictionary holding only the entries whose names the content uses. */
  private prunedResources(resources: PDFDict | undefined, used: Set<string>): PDFDict {
    const pruned = this.target.context.obj({});
    if (!resources) return pruned;
    for (const [key, value] of resources.entries()) {
      const category = key.decodeText();
      const entries = this.resolve(value);
      if (category === "ProcSet" && entries) {
        pruned.set(key, this.copy(entries, PAGE_SCOPE));
        continue;
      }
      if (!(entries instanceof PDFDict)) continue;
      const scope = { inheritedResources: resources, keysAreData: category === "Font" };
      const kept = this.target.context.obj({});
      for (const [entryName, entry] of entries.entries()) {
        if (used.has(entryName.decodeText())) kept.set(entryName, this.copy(entry, scope));
      }
      if (kept.keys().length > 0) pruned.set(key, kept);
    }
    return pruned;
  }

  /** A copy in the target document; an indirect object is copied once per kind of scope. */
  private copy(object: PDFObject, scope: Scope): PDFObject {
    if (object instanceof PDFRef) {
      const key = `${object.toString()} ${scope.keysAreData ? "data" : "role"}`;
      const known = this.copies.get(key);
      if (known) return known;
      const resolved = this.source.context.lookup(object);
      if (resolved === undefined || this.refused(resolved)) {
        this.copies.set(key, PDFNull);
        return PDFNull;
      }
      const ref = this.target.context.nextRef();
      this.copies.set(key, ref);
      this.target.context.assign(ref, this.copyDirect(resolved, scope));
      return ref;
    }
    const copied = this.copyDirect(object, scope);
    // A stream is always an indirect object, even where the source (wrongly) had it inline.
    return copied instanceof PDFStream ? this.target.context.register(copied) : copied;
  }

  private copyDirect(object: PDFObject, scope: Scope): PDFObject {
    if (object instanceof PDFStream) return this.copyStream(object, scope);
    if (object instanceof PDFDict) {
      if (this.refused(object)) return PDFNull;
      if (nameOf(object.lookup(name("Type"))) === "Font" || nameOf(object.lookup(name("Subtype"))) === "Type3") {
        return this.copyFont(object, { ...scope, keysAreData: true });
      }
      if (numberOf(object.lookup(name("HalftoneType"))) === 5) return this.copyDict(object, { ...scope, keysAreData: true }, undefined);
      return this.copyDict(object, scope, scope.keysAreData ? undefined : LINK_KEYS);
    }
    if (object instanceof PDFArray) {
      const array = this.target.context.obj([]);
      for (const item of object.asArray()) array.push(this.copy(item, scope));
      return array;
    }
    return object;
  }

  private copyDict(dict: PDFDict, scope: Scope, dropped: ReadonlySet<string> | undefined): PDFDict {
    const copy = this.target.context.obj({});
    for (const [key, value] of dict.entries()) {
      const keyName = key.decodeText();
      if (dropped?.has(keyName)) continue;
      copy.set(key, this.copy(value, NAME_MAPS.has(keyName) ? { ...scope, keysAreData: true } : scope));
    }
    return copy;
  }

  /** Every key of a font is kept; a Type 3 font's resources are pruned to what its glyphs use. */
  private copyFont(font: PDFDict, scope: Scope): PDFDict {
    if (nameOf(font.lookup(name("Subtype"))) !== "Type3") return this.copyDict(font, scope, undefined);
    const copy = this.copyDict(font, scope, TYPE3_REPLACED_KEYS);
    this.pruneType3(font, copy, scope.inheritedResources);
    return copy;
  }

  /**
   * Form XObjects, tiling patterns, appearance streams (any stream with resources) are content:
   * their resources are pruned to the names their own content uses.
   */
  private copyStream(stream: PDFStream, scope: Scope): PDFObject {
    if (this.refused(stream.dict)) return PDFNull;
    const isContent =
      stream.dict.has(name("Resources")) ||
      nameOf(stream.dict.lookup(name("Subtype"))) === "Form" ||
      numberOf(stream.dict.lookup(name("PatternType"))) === 1;
    const raw = stream instanceof PDFRawStream ? stream.contents : stream.getContents();
    const dict = this.copyDict(stream.dict, scope, isContent || !scope.keysAreData ? LINK_KEYS : undefined);
    if (!isContent) return PDFRawStream.of(dict, raw);
    const own = this.resolve(stream.dict.get(name("Resources")));
    const resources = own instanceof PDFDict ? own : scope.inheritedResources;
    dict.set(name("Resources"), this.prunedResources(resources, contentNames(decodeStream(stream, this.limits.maxContentBytes))));
    return PDFRawStream.of(dict, raw);
  }

  /** A Type 3 font draws its glyphs with content streams: its resources keep only what they use. */
  private pruneType3(font: PDFDict, copy: PDFDict, inheritedResources: PDFDict | undefined) {
    const charProcs = this.resolve(font.get(name("CharProcs")));
    const used = new Set<string>();
    if (charProcs instanceof PDFDict) {
      for (const [, proc] of charProcs.entries()) {
        const stream = this.resolve(proc);
        if (stream instanceof PDFStream) for (const n of contentNames(decodeStream(stream, this.limits.maxContentBytes))) used.add(n);
      }
    }
    const own = this.resolve(font.get(name("Resources")));
    copy.set(name("Resources"), this.prunedResources(own instanceof PDFDict ? own : inheritedResources, used));
  }

  private refused(object: PDFObject): boolean {
    const dict = object instanceof PDFStream ? object.dict : object;
    if (!(dict instanceof PDFDict)) return false;
    const type = nameOf(dict.lookup(name("Type")));
    return type !== undefined && REFUSED_TYPES.has(type);
  }

  private resolve(object: PDFObject | undefined): PDFObject | undefined {
    return object instanceof PDFRef ? this.source.context.lookup(object) : object;
  }
}

function numberOf(object: PDFObject | undefined): number | undefined {
  return object instanceof PDFNumber ? object.asNumber() : undefined;
}

function numbersOf(object: PDFObject | undefined, length: number): number[] | undefined {
  if (!(object instanceof PDFArray) || object.size() !== length) return undefined;
  const values = object.asArray().map((item) => (item instanceof PDFNumber ? item.asNumber() : NaN));
  return values.every(Number.isFinite) ? values : undefined;
}

/** The matrix that maps an appearance's transformed bounding box onto the annotation's rectangle. */
function placeAppearance(bbox: number[], matrix: number[], rect: number[]): string[] | undefined {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = matrix;
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = bbox;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ] as const) {
    xs.push(a * x + c * y + e);
    ys.push(b * x + d * y + f);
  }
  const [bx, by] = [Math.min(...xs), Math.min(...ys)];
  const [bw, bh] = [Math.max(...xs) - bx, Math.max(...ys) - by];
  const [r0 = 0, r1 = 0, r2 = 0, r3 = 0] = rect;
  const [rx, ry, rw, rh] = [Math.min(r0, r2), Math.min(r1, r3), Math.abs(r2 - r0), Math.abs(r3 - r1)];
  if (!(bw > 0 && bh > 0 && rw > 0 && rh > 0)) return undefined;
  const [sx, sy] = [rw / bw, rh / bh];
  return [sx, 0, 0, sy, rx - bx * sx, ry - by * sy].map(formatNumber);
}

const formatNumber = (value: number) => String(Number(value.toFixed(5)));

function concat(parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts);
}
