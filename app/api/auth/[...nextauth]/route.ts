import type { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/auth";
import { refusedSignInResponse } from "@/lib/http/refused-sign-in";
import { now } from "@/lib/time";

export const { GET } = handlers;

export async function POST(request: NextRequest) {
  const response = await handlers.POST(request);
  return refusedSignInResponse(response, now()) ?? response;
}
