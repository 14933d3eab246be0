import { useEffect, useState } from "react";
import { pdfjs } from "react-pdf";
import { announceClosed } from "../document-closed";
import { DocumentGoneError } from "../gone-document";
import { announceNewVersion } from "../new-version";
import { OtherVersionError } from "../other-version";
import { bytesWithin, fetchPdfOpening, fetchRange, planOpening, type ByteSpan, type PdfOpening } from "./pdf-opening";

export type PdfSource = { data: Uint8Array } | { range: InstanceType<typeof pdfjs.PDFDataRangeTransport> };

/**
 * Feeds pdf.js from the file's prefetched ends, and asks the server (one `Range` request each) for
 * any other chunk. pdf.js is told the size up front, so it never sends the full GET it otherwise
 * uses to learn it.
 */
class RangeTransport extends pdfjs.PDFDataRangeTransport {
  private readonly controller = new AbortController();

  constructor(
    private readonly url: string,
    size: number,
    head: Uint8Array,
    private readonly tail: ByteSpan,
  ) {
    super(size, head);
  }

  override requestDataRange(begin: number, end: number) {
    const known = bytesWithin(this.tail, begin, end);
    if (known) {
      // Answered after pdf.js has registered the request, as a network answer would be.
      void Promise.resolve().then(() => this.onDataRange(begin, known));
      return;
    }
    fetchRange(this.url, `bytes=${begin}-${end - 1}`, this.controller.signal).then(
      (span) => {
        const bytes = bytesWithin(span, begin, end);
        if (bytes) this.onDataRange(begin, bytes);
      },
      // A chunk that fails leaves its page in its loading state; aborts come from pdf.js itself. A
      // chunk refused because another version is current would be the wrong file's bytes anyway.
      announceWhyRefused,
    );
  }

  override abort() {
    this.controller.abort();
  }
}

/** A refusal that says why tells the whole viewer: a newer version to reload, or a document gone. */
function announceWhyRefused(error: unknown) {
  if (error instanceof OtherVersionError) announceNewVersion();
  if (error instanceof DocumentGoneError) announceClosed("gone");
}

function sourceFromOpening(url: string, opening: PdfOpening): PdfSource {
  const plan = planOpening(opening);
  return "whole" in plan ? { data: plan.whole } : { range: new RangeTransport(url, plan.size, plan.head, plan.tail) };
}

/** The PDF at `url` as pdf.js input, built from its prefetched ends (see pdf-opening.ts). */
export function usePdfSource(url: string | null): { source: PdfSource | null; failed: boolean } {
  const [state, setState] = useState<{ url: string; source: PdfSource | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    fetchPdfOpening(url).then(
      (opening) => current && setState({ url, source: sourceFromOpening(url, opening), failed: false }),
      (error: unknown) => {
        announceWhyRefused(error);
        if (current) setState({ url, source: null, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [url]);
  return state && state.url === url ? { source: state.source, failed: state.failed } : { source: null, failed: false };
}
