import type { Metadata } from "next";
import { ApiKeys } from "@/components/dashboard/api-keys";
import { PageHeader } from "@/components/dashboard/page-header";
import { Card } from "@/components/ui/card";
import { listApiKeys } from "@/lib/auth/api-keys";
import { requireTeamPage } from "@/lib/http/require-team";
import { roleRefusal } from "@/lib/teams/role-refusal";
import { RoleRefusalNotice } from "@/components/dashboard/role-refusal-notice";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const team = await requireTeamPage();
  const refusal = await roleRefusal(team, "keys.manage");
  if (refusal) return <RoleRefusalNotice refusal={refusal} />;
  const keys = await listApiKeys(team.teamId);
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Use a key as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>. See the{" "}
            <a className="text-brand-700 underline underline-offset-2 hover:text-brand-600" href="/docs/api">
              API reference
            </a>
            .
          </>
        }
      />
      <Card>
        <ApiKeys
          keys={keys.map((k) => ({
            ...k,
            createdAt: k.createdAt.toISOString(),
            lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
            revokedAt: k.revokedAt?.toISOString() ?? null,
          }))}
        />
      </Card>
    </>
  );
}
