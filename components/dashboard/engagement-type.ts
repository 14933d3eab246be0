import { LEVELS } from "@/lib/rules/engagement";

/** An engagement level's style key by its label ("none" for an unknown label). */
export const engagementType = (label: string) => LEVELS.find((l) => l.label === label)?.type ?? "none";
