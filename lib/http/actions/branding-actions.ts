"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { changeBranding } from "../../branding/change-branding";
import { brandingSettings } from "../../schemas/branding";
import { requireTeam } from "../require-team";
import { type FormProblems, formAction, formFields, formState } from "../server-action";

export type BrandingState = (FormProblems & { saved?: boolean }) | undefined;

/** The Branding card's accent colour and Pagewise mark (the logo has its own route: it is a file). */
export const saveBrandingAction = formAction(
  { session: requireTeam("team.brand"), args: z.tuple([formState<BrandingState>(), formFields(brandingSettings)]) },
  async (access, _state, settings): Promise<BrandingState> => {
    await changeBranding(access, settings);
    revalidatePath("/settings/team");
    return { saved: true };
  },
);
