// The file tracer and glob matcher Next bundles (scripts/container/runtime-files.ts), typed as far as it uses them.
declare module "next/dist/compiled/@vercel/nft" {
  type Resolve = (id: string, parent: string, job: unknown, cjs: boolean) => Promise<string | string[]>;
  type Options = {
    base: string;
    processCwd: string;
    readFile: (file: string) => string | null;
    resolve: Resolve;
    ignore: (file: string) => boolean;
  };
  const nft: { nodeFileTrace(files: string[], options: Options): Promise<{ fileList: Set<string> }>; resolve: Resolve };
  export default nft;
}

declare module "next/dist/compiled/picomatch" {
  export default function picomatch(globs: string[], options: { contains?: boolean; dot?: boolean }): (file: string) => boolean;
}
