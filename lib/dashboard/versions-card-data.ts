import { uploadKindsTaken } from "../office/prepare-upload";
import { config } from "../config";
import { listVersions } from "../versions/list-versions";
import { versionsKeptOf } from "../teams/versions-kept";

/** The document page's Versions card: the history newest first, the upload limit, and how many versions the team keeps. */
export async function versionsCardData(teamId: string, code: string) {
  const [{ versions }, versionsKept] = await Promise.all([listVersions(teamId, code), versionsKeptOf(teamId)]);
  return { versions, maxUploadMb: config().MAX_UPLOAD_MB, uploadKinds: uploadKindsTaken(), versionsKept };
}

export type VersionsCardData = Awaited<ReturnType<typeof versionsCardData>>;
