import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { pdfAssetFile } from "./pdf-asset-file";
import { PDF_ASSET_URLS, PDF_ASSETS_VERSION } from "./pdf-asset-path";

const v = PDF_ASSETS_VERSION;

describe("pdfAssetFile", () => {
  it("serves each file pdf.js asks for, with the type a browser needs to use it", async () => {
    const cases = [
      ["wasm", "jbig2.wasm", "application/wasm"],
      ["wasm", "openjpeg.wasm", "application/wasm"],
      ["wasm", "qcms_bg.wasm", "application/wasm"],
      ["wasm", "openjpeg_nowasm_fallback.js", "text/javascript; charset=utf-8"],
      ["cmaps", "UniJIS-UCS2-H.bcmap", "application/octet-stream"],
      ["standard_fonts", "FoxitSerif.pfb", "application/octet-stream"],
      ["standard_fonts", "LiberationSans-Regular.ttf", "font/ttf"],
      ["iccs", "CGATS001Compat-v2-micro.icc", "application/vnd.iccprofile"],
    ] as const;
    for (const [folder, file, type] of cases) {
      const asset = await pdfAssetFile(v, folder, file);
      expect(asset?.contentType, `${folder}/${file}`).toBe(type);
      expect(asset?.bytes.equals(await readFile(`node_modules/pdfjs-dist/${folder}/${file}`))).toBe(true);
    }
  });

  it("the URLs given to pdf.js name exactly these folders", () => {
    expect(Object.values(PDF_ASSET_URLS)).toEqual([
      `/pdf-assets/${v}/wasm/`,
      `/pdf-assets/${v}/cmaps/`,
      `/pdf-assets/${v}/standard_fonts/`,
      `/pdf-assets/${v}/iccs/`,
    ]);
  });

  it("refuses any other name: other versions, folders, files, licences and paths that climb out", async () => {
    const refused: Array<[string, string, string]> = [
      ["1.0.0", "wasm", "jbig2.wasm"],
      [v, "build", "pdf.worker.min.mjs"],
      [v, "wasm", "quickjs-eval.wasm"],
      [v, "wasm", "LICENSE_JBIG2"],
      [v, "cmaps", "LICENSE"],
      [v, "standard_fonts", "LICENSE_FOXIT"],
      [v, "wasm", "../package.json"],
      [v, "cmaps", "../../../package.json"],
      [v, "iccs", "..%2F..%2Fpackage.json"],
      [v, "cmaps", "UniJIS-UCS2-H.bcmap/"],
      [v, "cmaps", ""],
      [v, "..", "package.json"],
    ];
    for (const [version, folder, file] of refused) {
      expect(await pdfAssetFile(version, folder, file), `${version}/${folder}/${file}`).toBeNull();
    }
  });
});
