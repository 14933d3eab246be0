import type { z } from "zod";
import { serializeDocument } from "../documents/serialize";
import { apiShortCode } from "../documents/short-code";
import type { versionChangeSchema } from "../schemas/versions";
import type { LinkGateMove, VersionChange } from "./make-version-current";

/** A new or restored version: the single-document form and the gates it moved. */
export function serializeVersionChange(change: VersionChange): z.input<typeof versionChangeSchema> {
  return {
    ...serializeDocument(change.document),
    gate_page_clamped: change.gatePageClamped,
    links_gate_page_clamped: change.linksClamped.map(byShortCode),
    gate_page_restored: change.gatePageRestored,
    links_gate_page_restored: change.linksRestored.map(byShortCode),
  };
}

const byShortCode = ({ code, from, to, chosen }: LinkGateMove) => ({ short_code: apiShortCode(code), from, to, chosen });
