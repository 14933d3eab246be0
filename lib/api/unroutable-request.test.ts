import { describe, expect, it } from "vitest";
import { unroutableRequest } from "./unroutable-request";

describe("requests the framework cannot route", () => {
  it("answers TRACE and made-up methods 405 with Allow, in the envelope", () => {
    for (const method of ["TRACE", "CONNECT", "PROPFIND"]) {
      const answer = unroutableRequest(method, "/api/v1/documents")!;
      expect(answer.status).toBe(405);
      expect(answer.headers.Allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
      expect(JSON.parse(answer.body).error.code).toBe("bad_request");
    }
  });

  it("answers malformed percent-encoding 400 in the envelope", () => {
    for (const path of ["/api/v1/documents/%ZZ", "/api/v1/documents/%E0%A4%A", "/s/%ZZ/track", "/%"]) {
      const answer = unroutableRequest("GET", path)!;
      expect([answer.status, JSON.parse(answer.body).error.code]).toEqual([400, "bad_request"]);
    }
  });

  it("lets everything else through", () => {
    for (const [method, path] of [["GET", "/s/abc"], ["POST", "/api/v1/documents?q=%ZZ"], ["OPTIONS", "/api/v1/documents/s-%61bc"]] as const) {
      expect(unroutableRequest(method, path)).toBeNull();
    }
  });
});
