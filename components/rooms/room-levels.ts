import type { Options } from "@/components/ui/select";

export type Level = "none" | "view" | "download";

/** What each level means to the owner. */
export const LEVEL_WORDS: Record<Level, string> = { none: "Hidden", view: "View", download: "Download" };

export const LEVEL_OPTIONS: Options = (["none", "view", "download"] as const).map((level) => [level, LEVEL_WORDS[level]]);
