import { describe, expect, it } from "vitest";
import { ACTION_BODY_LIMIT, refuseServerAction } from "./server-action-request";

const ACTION = "7f6ddf6bd52668fc58e4624297af96941698dfa4fa";
const BOUNDARY = "----pagewise";

function call(body: string | undefined, headers: Record<string, string> = {}) {
  return new Request("http://localhost:3000/settings/api-keys", {
    method: "POST",
    headers: {
      host: "localhost:3000",
      origin: "http://localhost:3000",
      "next-action": ACTION,
      "content-type": "text/plain;charset=UTF-8",
      ...headers,
    },
    body,
  });
}

const multipart = (parts: Array<[string, string]>) =>
  parts.map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("") +
  `--${BOUNDARY}--\r\n`;
const multipartCall = (body: string, type = `multipart/form-data; boundary=${BOUNDARY}`) => call(body, { "content-type": type });

async function answer(request: Request) {
  const refused = await refuseServerAction(request);
  return refused && { status: refused.status, code: ((await refused.json()) as { error: { code: string } }).error.code };
}

describe("refuseServerAction", () => {
  it("lets through what the dashboard's forms and buttons send", async () => {
    expect(await answer(call('["$undefined","$K1"]'))).toBeNull();
    expect(await answer(call('["s-abc123",true]'))).toBeNull();
    expect(
      await answer(call(JSON.stringify([{ values: { email: "$$money" }, at: "$D2026-11-24T00:00:00.000Z" }, "$NaN", "$n12"]))),
    ).toBeNull();
    expect(
      await answer(
        multipartCall(
          multipart([
            ["0", '["$undefined","$K1"]'],
            ["1_email", "jane@acme.com"],
            ["1_days", "7"],
          ]),
        ),
      ),
    ).toBeNull();
    expect(
      await answer(
        multipartCall(
          multipart([
            ["0", '["s-abc",{"ok":true},"$K1"]'],
            ["1_name", "Board"],
          ]),
        ),
      ),
    ).toBeNull();
  });

  it("accepts references to parts that are there, and repeated objects by their path", async () => {
    expect(
      await answer(
        multipartCall(
          multipart([
            ["0", '["$1","$1:a"]'],
            ["1", '{"a":{"b":1}}'],
          ]),
        ),
      ),
    ).toBeNull();
    expect(await answer(call('[{"a":{"b":1}},"$0:0:a"]'))).toBeNull();
    expect(await answer(call('[{"self":"$0"}]'))).toBeNull();
  });

  it("refuses what the decoder or Next would fail on: a part that refers back to itself, a deep body, too many arguments, no argument list", async () => {
    const malformed = { status: 400, code: "bad_request" };
    expect(
      await answer(
        multipartCall(
          multipart([
            ["0", '["$1"]'],
            ["1", '{"x":"$1"}'],
          ]),
        ),
      ),
    ).toEqual(malformed);
    expect(
      await answer(
        multipartCall(
          multipart([
            ["0", '["$1"]'],
            ["1", '{"x":"$2"}'],
            ["2", '{"y":"$1"}'],
          ]),
        ),
      ),
    ).toEqual(malformed);
    expect(await answer(call(`${"[".repeat(5000)}${"]".repeat(5000)}`))).toEqual(malformed);
    expect(await answer(call(JSON.stringify(Array(1001).fill(1))))).toEqual(malformed);
    expect(await answer(call(JSON.stringify(Array(1000).fill(1))))).toBeNull();
    for (const body of ["{}", '{"length":100000000}', "null", '"text"', "42"]) expect(await answer(call(body)), body).toEqual(malformed);
  });

  it("refuses another site's Origin, an unreadable one and the opaque null origin with 403", async () => {
    for (const origin of ["http://evil.example", "http://localhost:3000.evil.example", "garbage", "null"])
      expect(await answer(call('["x"]', { origin }))).toEqual({ status: 403, code: "forbidden" });
  });

  it("judges the Origin against the forwarded host when a proxy in front names one, as Next does", async () => {
    const proxied = { host: "127.0.0.1:3000", "x-forwarded-host": "docs.example.com", origin: "https://docs.example.com" };
    expect(await answer(call('["x"]', proxied))).toBeNull();
    expect(await answer(call('["x"]', { ...proxied, origin: "http://127.0.0.1:3000" }))).toEqual({ status: 403, code: "forbidden" });
  });

  it("lets a request without an Origin through: browsers always send one on a POST, so it is no cross-site request", async () => {
    const request = call('["x"]');
    request.headers.delete("origin");
    expect(await answer(request)).toBeNull();
  });

  it("refuses a body Next's decoder would choke on with 400", async () => {
    const malformed = { status: 400, code: "bad_request" };
    for (const body of ["not json", "", "[1,", '["$1"]', '["$h1"]', '["$@1"]', '["$Q1"]', '["$T"]', '["$B1"]', `["$n${"9".repeat(301)}"]`])
      expect(await answer(call(body)), body).toEqual(malformed);
    expect(await answer(call(undefined))).toEqual(malformed);
  });

  it("refuses a cut, boundary-less or rootless multipart body, and parts that are not JSON", async () => {
    const malformed = { status: 400, code: "bad_request" };
    const whole = multipart([
      ["0", '["$undefined","$K1"]'],
      ["1_email", "jane@acme.com"],
    ]);
    expect(await answer(multipartCall(whole.slice(0, -20)))).toEqual(malformed);
    expect(await answer(multipartCall(whole, "multipart/form-data"))).toEqual(malformed);
    expect(await answer(multipartCall(multipart([["1", '["x"]']])))).toEqual(malformed);
    expect(await answer(multipartCall(multipart([["0", "[x"]])))).toEqual(malformed);
    expect(
      await answer(
        multipartCall(
          multipart([
            ["0", '["$2"]'],
            ["2", "{oops"],
          ]),
        ),
      ),
    ).toEqual(malformed);
    expect(
      await answer(
        multipartCall(
          multipart([
            ["0", '["$1:missing"]'],
            ["1", "{}"],
          ]),
        ),
      ),
    ).toEqual(malformed);
  });

  it("refuses a body over Next's 1 MB limit with 413, by its length or by what arrives", async () => {
    const big = `["${"x".repeat(ACTION_BODY_LIMIT)}"]`;
    expect(await answer(call(big))).toEqual({ status: 413, code: "payload_too_large" });
    expect(await answer(call(big, { "content-length": String(big.length) }))).toEqual({ status: 413, code: "payload_too_large" });
  });

  it("leaves a form-urlencoded call to Next, which answers it 404 without decoding it", async () => {
    expect(await answer(call("a=1", { "content-type": "application/x-www-form-urlencoded" }))).toBeNull();
  });
});
