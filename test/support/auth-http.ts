import type { NextRequest } from "next/server";
import { GET, POST } from "../../app/api/auth/[...nextauth]/route";
import { CLIENT_ADDRESS_HEADER, stampFor } from "../../lib/request/client-address";
import { readableMail } from "./smtp-sink";

/**
 * Requests to next-auth's own HTTP endpoints (app/api/auth/[...nextauth]), as a browser or a
 * script would send them, from a chosen client address.
 */
const BASE = "http://localhost:3000/api/auth";

type Jar = Map<string, string>;

export const newJar = (): Jar => new Map();

const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

function remember(jar: Jar, response: Response) {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const name = pair!.slice(0, pair!.indexOf("="));
    const value = pair!.slice(pair!.indexOf("=") + 1);
    if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) jar.delete(name);
    else jar.set(name, value);
  }
}

export async function authGet(path: string, jar: Jar, address = "198.51.100.1"): Promise<Response> {
  const url = path.startsWith("http") ? path : `${BASE}${path}`;
  const response = await GET(
    new Request(url, { headers: { cookie: cookieHeader(jar), [CLIENT_ADDRESS_HEADER]: stampFor(address) } }) as NextRequest,
  );
  remember(jar, response);
  return response;
}

async function authPost(path: string, fields: Record<string, string>, jar: Jar, address: string): Promise<Response> {
  const csrf = await authGet("/csrf", jar, address);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await POST(
    new Request(`${BASE}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: cookieHeader(jar),
        [CLIENT_ADDRESS_HEADER]: stampFor(address),
      },
      body: new URLSearchParams({ ...fields, csrfToken, callbackUrl: "http://localhost:3000/documents" }),
    }) as NextRequest,
  );
  remember(jar, response);
  return response;
}

export const signInWithPassword = (email: string, password: string, address = "198.51.100.1", jar = newJar()) =>
  authPost("/callback/credentials", { email, password }, jar, address);

export const requestSignInLink = (email: string, address = "198.51.100.1", jar = newJar()) =>
  authPost("/signin/nodemailer", { email }, jar, address);

/** Signs out through next-auth's endpoint, as the browser's sign-out would. */
export const signOutOverHttp = (jar: Jar, address = "198.51.100.1") => authPost("/signout", {}, jar, address);

/** The signed-in user's email for this cookie jar, or null when it holds no valid session. */
export async function sessionEmail(jar: Jar): Promise<string | null> {
  const response = await authGet("/session", jar);
  const body = (await response.json()) as { user?: { email?: string } } | null;
  return body?.user?.email ?? null;
}

/** The sign-in link in a raw email from the SMTP sink. */
export function linkIn(mail: string): string | null {
  const body = readableMail(mail);
  return /(http:\/\/localhost:3000\/\S+?token=[^\s"<>]+)/.exec(body)?.[1]?.replace(/&amp;/g, "&") ?? null;
}
