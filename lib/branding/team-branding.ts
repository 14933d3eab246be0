import type { Readable } from "node:stream";
import { db } from "../db/client";
import { storage } from "../storage";

/** What readers and owners see of a team's brand (issue 27, item 8). */
export type TeamBrand = {
  teamName: string;
  /** `#rrggbb`, or null for Pagewise's own colours. */
  accentColor: string | null;
  hidePagewiseMark: boolean;
  /** The re-encoded logo's shape and version (its hash); null when the team has none. */
  logo: { hash: string; width: number; height: number } | null;
};

const brandSelect = {
  name: true,
  accentColor: true,
  hidePagewiseMark: true,
  logoHash: true,
  logoWidth: true,
  logoHeight: true,
} as const;

type BrandRow = {
  name: string;
  accentColor: string | null;
  hidePagewiseMark: boolean;
  logoHash: string | null;
  logoWidth: number | null;
  logoHeight: number | null;
};

function brandOf(row: BrandRow): TeamBrand {
  return {
    teamName: row.name,
    accentColor: row.accentColor,
    hidePagewiseMark: row.hidePagewiseMark,
    logo: row.logoHash && row.logoWidth && row.logoHeight ? { hash: row.logoHash, width: row.logoWidth, height: row.logoHeight } : null,
  };
}

/** The brand as a share link's reader gets it: the logo's URL through the link's own code. */
export type LinkBrand = Omit<TeamBrand, "logo"> & { logo: { src: string; width: number; height: number } | null };

export function linkBrand(brand: TeamBrand | null, code: string): LinkBrand {
  if (!brand) return { teamName: "", accentColor: null, hidePagewiseMark: false, logo: null };
  const { logo, ...rest } = brand;
  return { ...rest, logo: logo && { src: `/s/${code}/logo?v=${logo.hash}`, width: logo.width, height: logo.height } };
}

/** A team's brand; null when the team is gone. */
export async function teamBrand(teamId: string): Promise<TeamBrand | null> {
  const row = await db.team.findUnique({ where: { id: teamId }, select: brandSelect });
  return row && brandOf(row);
}

/**
 * The team's logo bytes when `version` is its current hash: the key and type come from the row,
 * never from the request. Null for no logo or an older version (its URL no longer names a file).
 */
export async function readTeamLogo(
  teamId: string,
  version: string | null,
): Promise<{ body: Readable; size: number; contentType: string; hash: string } | null> {
  const row = await db.team.findUnique({ where: { id: teamId }, select: { logoKey: true, logoHash: true, logoContentType: true } });
  if (!row?.logoKey || !row.logoHash || !row.logoContentType || row.logoHash !== version) return null;
  const file = await storage().get(row.logoKey);
  return file && { body: file.body, size: file.size, contentType: row.logoContentType, hash: row.logoHash };
}
