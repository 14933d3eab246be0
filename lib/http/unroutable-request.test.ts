import { describe, expect, it } from "vitest";
import { canonicalApiUrl, unroutableRequest } from "./unroutable-request";

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

  it("answers 405 to a POST at a page unless it is a server action", () => {
    expect(unroutableRequest("POST", "/s/abc")?.status).toBe(405);
    expect(unroutableRequest("DELETE", "/documents")?.headers.Allow).toBe("GET, HEAD");
    expect(unroutableRequest("POST", "/documents", true)).toBeNull();
    expect(unroutableRequest("POST", "/s/abc/gate")).toBeNull();
  });

  it("lets everything else through", () => {
    for (const [method, path] of [
      ["GET", "/s/abc"],
      ["POST", "/api/v1/documents?q=%ZZ"],
      ["OPTIONS", "/api/v1/documents/s-%61bc"],
    ] as const) {
      expect(unroutableRequest(method, path)).toBeNull();
    }
  });
});

describe("API paths with stray slashes", () => {
  it("are served at their canonical path, queries kept", () => {
    expect(canonicalApiUrl("/api/v1/documents/?page=2")).toBe("/api/v1/documents?page=2");
    expect(canonicalApiUrl("/api/v1//documents//s-abc/")).toBe("/api/v1/documents/s-abc");
    expect(canonicalApiUrl("/api/v1/")).toBe("/api/v1");
    expect(canonicalApiUrl("/s/abc/")).toBe("/s/abc/");
    expect(canonicalApiUrl("/api/v1/documents")).toBe("/api/v1/documents");
  });
});
