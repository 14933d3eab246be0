import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/page-header";
import { WebhookSettings } from "@/components/dashboard/webhook-settings";
import { Card } from "@/components/ui/card";
import { ApiError } from "@/lib/errors";
import { requireTeamPage } from "@/lib/http/require-team";
import { roleRefusal } from "@/lib/teams/role-refusal";
import { RoleRefusalNotice } from "@/components/dashboard/role-refusal-notice";
import { getWebhookConfiguration } from "@/lib/webhooks/manage-webhook";
import { EVENT_KINDS } from "@/lib/schemas/events";

export const metadata: Metadata = { title: "Webhook" };

export default async function WebhookPage() {
  const team = await requireTeamPage();
  const refusal = await roleRefusal(team, "webhook.manage");
  if (refusal) return <RoleRefusalNotice refusal={refusal} />;
  const configuration = await getWebhookConfiguration(team.teamId).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "not_found") return null;
    throw error;
  });
  return (
    <>
      <PageHeader
        title="Webhook"
        description="Signed POSTs to your endpoint when documents are viewed, completed, downloaded, and when leads come in. Retried after 1 and 30 minutes."
      />
      <Card>
        <WebhookSettings webhook={configuration?.webhook ?? null} kinds={EVENT_KINDS} deliveries={configuration?.deliveries ?? []} />
      </Card>
    </>
  );
}
