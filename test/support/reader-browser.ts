import { randomBytes } from "node:crypto";
import { CLIENT_ADDRESS_HEADER, stampFor } from "../../lib/request/client-address";
import * as agreeRoute from "../../app/s/[code]/agree/route";
import * as downloadRoute from "../../app/s/[code]/[doc]/download/route";
import * as fileRoute from "../../app/s/[code]/[doc]/file/route";
import * as gateRoute from "../../app/s/[code]/gate/route";
import * as pageRoute from "../../app/s/[code]/[doc]/pages/[page]/route";
import * as passwordRoute from "../../app/s/[code]/password/route";
import * as trackRoute from "../../app/s/[code]/[doc]/track/route";
import * as verifyRoute from "../../app/s/[code]/verify/route";
import * as zipRoute from "../../app/s/[code]/zip/route";
import { cookieJar } from "./cookie-jar";

type Params = Record<string, string>;
type Handler = (req: Request, context: { params: Promise<Params> }) => Promise<Response>;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const newAddress = () => `203.0.113.${randomBytes(4).toString("hex")}`;

/**
 * A reader's browser at a share code's public doors, reached through their route handlers as a
 * browser reaches them: its own cookie jar (what next/headers' cookies() reads and sets, in a test
 * file that mocks next/headers with test/support/cookie-jar.ts), and the client address the server
 * would stamp on each request.
 */
export class ReaderBrowser {
  readonly jar = new Map<string, string>();
  constructor(readonly address = newAddress()) {}

  async call(
    handler: unknown,
    path: string,
    params: Params,
    init: { method?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: Json | null; response: Response }> {
    cookieJar.current = this.jar;
    const method = init.method ?? (init.body === undefined && init.raw === undefined ? "GET" : "POST");
    const req = new Request(`http://localhost:3000${path}`, {
      method,
      headers: { [CLIENT_ADDRESS_HEADER]: stampFor(this.address), "content-type": "application/json", ...init.headers },
      ...(method !== "GET" && { body: init.raw ?? JSON.stringify(init.body ?? {}) }),
    });
    const response = await (handler as Handler)(req, { params: Promise.resolve(params) });
    const type = response.headers.get("content-type") ?? "";
    const body = type.includes("json") ? ((await response.clone().json()) as Json) : null;
    return { status: response.status, body, response };
  }

  password = (code: string, password: string) => this.call(passwordRoute.POST, `/s/${code}/password`, { code }, { body: { password } });
  gate = (code: string, email: string) => this.call(gateRoute.POST, `/s/${code}/gate`, { code }, { body: { email } });
  verify = (code: string, value: string) => this.call(verifyRoute.POST, `/s/${code}/verify`, { code }, { body: { code: value } });
  agree = (code: string) => this.call(agreeRoute.POST, `/s/${code}/agree`, { code }, { body: {} });
  zip = (code: string, headers?: Record<string, string>) => this.call(zipRoute.GET, `/s/${code}/zip`, { code }, { headers });
  file = (code: string, doc: string) => this.call(fileRoute.GET, `/s/${code}/${doc}/file?v=full`, { code, doc });
  page = (code: string, doc: string, page = "1") => this.call(pageRoute.GET, `/s/${code}/${doc}/pages/${page}`, { code, doc, page });
  download = (code: string, doc: string) => this.call(downloadRoute.GET, `/s/${code}/${doc}/download`, { code, doc });
  track = (code: string, doc: string) =>
    this.call(
      trackRoute.POST,
      `/s/${code}/${doc}/track`,
      { code, doc },
      { body: { batch_id: `b_${randomBytes(8).toString("hex")}`, pages: [{ page: 1, seconds: 2 }] } },
    );
  /** The cookie named `name`, copied from another browser (a grant stolen or replayed). */
  steal(from: ReaderBrowser, name: string, as = name) {
    const value = from.jar.get(name);
    if (value !== undefined) this.jar.set(as, value);
  }
}
