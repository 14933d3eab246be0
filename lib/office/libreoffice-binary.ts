import { accessSync, constants } from "node:fs";
import path from "node:path";
import { config } from "../config";

/** The Debian packages that give a server the converter, as refusals and the README name them. */
export const LIBREOFFICE_PACKAGES = "libreoffice-core-nogui libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui";

const runnable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The LibreOffice binary this server converts with: LIBREOFFICE_PATH when set (null if it is not there), else soffice on PATH. */
export function libreOfficeBinary(): string | null {
  const chosen = config().LIBREOFFICE_PATH;
  if (chosen) return runnable(chosen) ? chosen : null;
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    for (const name of ["soffice", "libreoffice"]) {
      const candidate = path.join(/*turbopackIgnore: true*/ dir, name);
      if (runnable(candidate)) return candidate;
    }
  }
  return null;
}
