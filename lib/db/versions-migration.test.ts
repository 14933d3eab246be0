import pg from "pg";
import { describe, expect, it } from "vitest";
import { emptyDatabase, migrationsBefore } from "@/test/support/migration-database";
import { migrate } from "./migrate";

const VERSIONS_MIGRATION = "20261126185342_document_versions";

describe("the versions migration", () => {
  it("gives every existing document its file as version 1, current, and every past visit version 1", async () => {
    const url = await emptyDatabase("versions");
    await migrate(url, migrationsBefore(VERSIONS_MIGRATION));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const q = async (sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows;
      const [ada] = await q(`INSERT INTO users (email, password_hash, updated_at) VALUES ('ada@example.com', 'x', now()) RETURNING id`);
      const [team] = await q(`INSERT INTO teams (name, updated_at) VALUES ('Ada', now()) RETURNING id`);
      const [doc] = await q(
        `INSERT INTO documents (team_id, created_by_id, code, title, original_filename, page_count, first_page_aspect, gate_page, size_bytes, storage_key, updated_at)
         VALUES ($1, $2, 'adadoc0001', 'Deck', 'deck.pdf', 7, 1.29, 3, 4096, 'documents/x/original.pdf', now()) RETURNING id, created_at`,
        [team!.id, ada!.id],
      );
      const [viewer] = await q(`INSERT INTO viewers (public_id, document_id) VALUES ('anon_0123456789abcdef', $1) RETURNING id`, [doc!.id]);
      await q(`INSERT INTO visits (document_id, viewer_id, number, started_at, last_activity_at) VALUES ($1, $2, 1, now(), now())`, [
        doc!.id,
        viewer!.id,
      ]);

      await migrate(url);

      expect(await q(`SELECT version FROM documents`)).toEqual([{ version: 1 }]);
      expect(await q(`SELECT version FROM visits`)).toEqual([{ version: 1 }]);
      expect(
        await q(
          `SELECT document_id, number, storage_key, original_filename, page_count, first_page_aspect, size_bytes::int AS size_bytes, created_by_id, created_at FROM document_versions`,
        ),
      ).toEqual([
        {
          document_id: doc!.id,
          number: 1,
          storage_key: "documents/x/original.pdf",
          original_filename: "deck.pdf",
          page_count: 7,
          first_page_aspect: 1.29,
          size_bytes: 4096,
          created_by_id: ada!.id,
          created_at: doc!.created_at,
        },
      ]);
    } finally {
      await client.end();
    }
  });
});
