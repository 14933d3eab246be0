import pg from "pg";
import { describe, expect, it } from "vitest";
import { emptyDatabase, migrationsBefore } from "@/test/support/migration-database";
import { hashApiKey } from "../auth/api-keys";
import { migrate } from "./migrate";

const TEAMS_MIGRATION = "20261125050000_teams";

const KEY = "pw_live_0123456789abcdefghijABCDEFGHIJkl";

describe("the teams migration", () => {
  it("turns every account into a personal team holding what it owned, with the same ids, and its key still sees the same documents", async () => {
    const url = await emptyDatabase("teams");
    await migrate(url, migrationsBefore(TEAMS_MIGRATION));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const q = async (sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows;
      const [ada] = await q(
        `INSERT INTO users (email, name, password_hash, notify_new_leads, notify_completed_reads, updated_at)
         VALUES ('ada@example.com', 'Ada', 'x', false, true, now()) RETURNING id`,
      );
      const [bob] = await q(`INSERT INTO users (email, password_hash, updated_at) VALUES ('bob@example.com', 'x', now()) RETURNING id`);
      const doc = async (owner: string, code: string) =>
        (
          await q(
            `INSERT INTO documents (owner_id, code, title, original_filename, page_count, gate_page, size_bytes, storage_key, updated_at)
             VALUES ($1, $2, $3, 'a.pdf', 2, 2, 10, 'k', now()) RETURNING id`,
            [owner, code, code],
          )
        )[0]!.id as string;
      const adaDocs = [await doc(ada!.id, "adadoc0001"), await doc(ada!.id, "adadoc0002")];
      const bobDoc = await doc(bob!.id, "bobdoc0001");
      await q(`INSERT INTO links (document_id, code, name, updated_at) VALUES ($1, 'adalink001', 'Sequoia', now())`, [adaDocs[0]]);
      await q(`INSERT INTO api_keys (user_id, name, key_hash, last4) VALUES ($1, 'CRM', $2, 'IJkl')`, [ada!.id, hashApiKey(KEY)]);
      const [webhook] = await q(
        `INSERT INTO webhooks (user_id, url, events, secret, updated_at) VALUES ($1, 'https://hooks.example.com', '{document.viewed}', 'whsec_x', now()) RETURNING id`,
        [ada!.id],
      );
      await q(`INSERT INTO events (id, user_id, document_id, type, payload) VALUES ('evt_1', $1, $2, 'document.viewed', '{}')`, [
        ada!.id,
        adaDocs[0],
      ]);
      await q(
        `INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, status) VALUES ($1, 'evt_1', 'document.viewed', 'succeeded')`,
        [webhook!.id],
      );
      await q(`INSERT INTO invitations (created_by_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
        ada!.id,
        "a".repeat(64),
      ]);

      await migrate(url);

      expect(await q(`SELECT id, name FROM teams ORDER BY name`)).toEqual([
        { id: ada!.id, name: "Ada's team" },
        { id: bob!.id, name: "bob's team" },
      ]);
      expect(
        await q(`SELECT team_id, user_id, role, notify_new_leads, notify_completed_reads FROM team_members ORDER BY role, user_id`),
      ).toEqual(
        expect.arrayContaining([
          { team_id: ada!.id, user_id: ada!.id, role: "owner", notify_new_leads: false, notify_completed_reads: true },
          { team_id: bob!.id, user_id: bob!.id, role: "owner", notify_new_leads: true, notify_completed_reads: true },
        ]),
      );
      expect(await q(`SELECT id, team_id, created_by_id FROM documents WHERE id = ANY($1) ORDER BY code`, [[...adaDocs, bobDoc]])).toEqual([
        { id: adaDocs[0], team_id: ada!.id, created_by_id: ada!.id },
        { id: adaDocs[1], team_id: ada!.id, created_by_id: ada!.id },
        { id: bobDoc, team_id: bob!.id, created_by_id: bob!.id },
      ]);
      expect(await q(`SELECT team_id FROM webhooks`)).toEqual([{ team_id: ada!.id }]);
      expect(await q(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1`, [webhook!.id])).toEqual([{ n: 1 }]);
      expect(await q(`SELECT team_id FROM events`)).toEqual([{ team_id: ada!.id }]);
      expect(await q(`SELECT team_id, role FROM invitations`)).toEqual([{ team_id: ada!.id, role: "member" }]);
      expect(
        await q(`SELECT count(*)::int AS n FROM links l JOIN documents d ON d.id = l.document_id WHERE d.team_id = $1`, [ada!.id]),
      ).toEqual([{ n: 1 }]);

      // What authenticateApiKey reads: the key's team and its maker's role there; the key lists that team's documents.
      const [access] = await q(
        `SELECT k.team_id, m.role FROM api_keys k JOIN team_members m ON m.team_id = k.team_id AND m.user_id = k.user_id WHERE k.key_hash = $1`,
        [hashApiKey(KEY)],
      );
      expect(access).toEqual({ team_id: ada!.id, role: "owner" });
      const listed = await q(`SELECT id FROM documents WHERE team_id = $1 AND deleted_at IS NULL ORDER BY code`, [access!.team_id]);
      expect(listed.map((r) => r.id)).toEqual(adaDocs);
      // Exactly one owner per team, held by the database.
      await expect(q(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'owner')`, [ada!.id, bob!.id])).rejects.toThrow(
        /team_members_one_owner/,
      );
    } finally {
      await client.end();
    }
  });
});
