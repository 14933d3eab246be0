import { randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { beforeAll, describe, expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import type { TeamAccess } from "../teams/permissions";
import { createUser } from "../users/create-user";
import { mcpServer } from "./mcp-server";
import { TOOLS } from "./tools";

const newOwner = () => createUser({ email: `mcp-${randomBytes(4).toString("hex")}@example.com`, password: "correct horse battery" });

async function connect(access: TeamAccess): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await mcpServer(access, "test-request").connect(serverSide);
  const client = new Client({ name: "test", version: "1" });
  await client.connect(clientSide);
  return client;
}

let access: TeamAccess;
let doc: Document;
let strangersDoc: Document;
beforeAll(async () => {
  const [owner, stranger] = await Promise.all([newOwner(), newOwner()]);
  access = { teamId: owner.personalTeamId, userId: owner.id, role: "member", keyAccess: null, apiKeyId: null, address: "203.0.113.9" };
  [doc, strangersDoc] = await Promise.all([
    createSampleDocument(owner, "Deck", 2, { email_gate: false }),
    createSampleDocument(stranger, "Theirs", 1, { email_gate: false }),
  ]);
});

describe("the MCP server", () => {
  it("lists every tool to a key whose role may write, each with its arguments' schema and whether it changes anything", async () => {
    const { tools } = await (await connect(access)).listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.annotations?.readOnlyHint).toBe(
        !["create_link", "create_room", "add_document_to_room", "create_room_link", "answer_question"].includes(tool.name),
      );
    }
  });

  it("answers a tool with the REST endpoint's JSON, as text and as structured content", async () => {
    const result = await (await connect(access)).callTool({ name: "get_document", arguments: { short_code: `s-${doc.code}` } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ short_code: `s-${doc.code}`, title: "Deck", page_count: 2 });
    expect(JSON.parse((result.content as [{ text: string }])[0].text)).toEqual(result.structuredContent);
  });

  it("refuses another team's document as not found, as a tool error", async () => {
    const result = await (
      await connect(access)
    ).callTool({ name: "get_document_stats", arguments: { short_code: `s-${strangersDoc.code}` } });
    expect(result).toMatchObject({ isError: true, structuredContent: { error: { code: "not_found", message: "Document not found" } } });
  });

  it("refuses a bad argument with the REST code and message, and changes nothing", async () => {
    const client = await connect(access);
    const result = await client.callTool({
      name: "create_link",
      arguments: { short_code: doc.code, name: "Jane", settings: { gate_page: 0 } },
    });
    expect(result).toMatchObject({
      isError: true,
      structuredContent: { error: { code: "validation_error", fields: { "settings.gate_page": expect.any(String) } } },
    });
    expect(await db.link.count({ where: { documentId: doc.id } })).toBe(0);
  });

  it("answers an unknown tool with a JSON-RPC error naming it", async () => {
    await expect((await connect(access)).callTool({ name: "delete_everything", arguments: {} })).rejects.toThrow(
      /Unknown tool: delete_everything/,
    );
  });
});
