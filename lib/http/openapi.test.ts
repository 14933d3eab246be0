import { describe, expect, it } from "vitest";
import { uploadFieldsSchema, uploadPlacementFields } from "../schemas/documents";
import { EVENT_KINDS } from "../schemas/events";
import { openApiDocument } from "../contract/openapi-document";

describe("the OpenAPI document", () => {
  const document = openApiDocument();

  it("is OpenAPI 3.1 with bearer authentication", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("asks for the bearer key on every operation, and for nothing on the deliveries a webhook receiver implements", () => {
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    const webhookSecurity = Object.values(document.webhooks ?? {}).map((item) => (item as { post: { security?: unknown } }).post.security);
    expect(webhookSecurity.every((security) => Array.isArray(security) && security.length === 0)).toBe(true);
  });

  it("names every operation with a unique, verb-first camelCase operationId and a tag it describes", () => {
    const operations = [...Object.values(document.paths ?? {}), ...Object.values(document.webhooks ?? {})].flatMap((item) =>
      Object.values(item as Record<string, { operationId?: string; tags?: string[] }>),
    );
    const ids = operations.map((operation) => operation.operationId);
    const verbFirst =
      /^(list|get|search|upload|update|delete|save|test|create|add|move|remove|restore|download|invite|transfer|receive|answer)[A-Z][A-Za-z]+$/;
    expect(ids.filter((id) => !verbFirst.test(id ?? ""))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const described = new Set((document.tags ?? []).filter((tag) => tag.description).map((tag) => tag.name));
    expect(operations.every((operation) => operation.tags?.length === 1 && described.has(operation.tags[0]!))).toBe(true);
    // The ones docs/api-contract.md's operations are known by.
    expect(ids).toEqual(
      expect.arrayContaining(["listDocuments", "uploadDocument", "getDocument", "updateDocument", "deleteDocument", "getDocumentStats"]),
    );
    expect(ids).toEqual(expect.arrayContaining(["listDocumentViewers", "listDocumentLeads", "getAnalyticsOverview"]));
  });

  it("documents the error responses of every operation, in the error envelope", () => {
    for (const [route, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item as Record<string, { responses: Record<string, unknown> }>)) {
        for (const status of ["401", "429", "500"]) expect(operation.responses, `${method} ${route}`).toHaveProperty(status);
      }
    }
    expect(document.components?.schemas?.Error).toBeDefined();
  });

  it("describes the list parameters with their limits", () => {
    const list = (document.paths?.["/api/v1/documents"] as { get: { parameters: Array<{ name: string; schema?: { maximum?: number } }> } })
      .get;
    const names = list.parameters.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(["page", "per_page", "search", "engagement", "has_leads", "since", "until", "sort", "order"]),
    );
    expect(list.parameters.find((p) => p.name === "per_page")?.schema?.maximum).toBe(100);
  });

  it("describes the upload with the very fields the upload validates, where it goes, plus the file", () => {
    const upload = document.components?.schemas?.DocumentUpload as {
      properties: Record<string, { type?: string; minLength?: number; maxLength?: number }>;
      required: string[];
    };
    expect(Object.keys(upload.properties).sort()).toEqual(
      [...Object.keys(uploadFieldsSchema.shape), ...Object.keys(uploadPlacementFields.shape), "file"].sort(),
    );
    expect(upload.required).toEqual(["file"]);
    // The limits are the validating schema's own, not a hand-written copy's.
    expect(upload.properties.title).toMatchObject({ type: "string", minLength: 1, maxLength: 200 });
    expect(upload.properties.password).toMatchObject({ minLength: 8, maxLength: 128 });
    expect(upload.properties.email_gate).toMatchObject({ type: "boolean", default: true });
    expect(upload.properties.gate_page).toMatchObject({ type: "integer", minimum: 1 });
  });

  it("describes every event a webhook receives, with its payload schema and the signature header", () => {
    expect(Object.keys(document.webhooks ?? {}).sort()).toEqual([...EVENT_KINDS, "webhook.test"].sort());
    const viewed = (
      document.webhooks?.["document.viewed"] as {
        post: { parameters: Array<{ name: string }>; requestBody: { content: Record<string, { schema: { $ref: string } }> } };
      }
    ).post;
    expect(viewed.parameters.map((p) => p.name)).toContain("X-Service-Signature");
    expect(viewed.requestBody.content["application/json"]!.schema.$ref).toBe("#/components/schemas/DocumentViewedEvent");
    const viewer = (
      document.components?.schemas?.DocumentViewedEvent as { properties: { data: { properties: { viewer: { required: string[] } } } } }
    ).properties.data.properties.viewer;
    expect(viewer.required).toEqual(expect.arrayContaining(["pages_viewed", "completion", "engagement_label", "visit_number"]));
  });
});
