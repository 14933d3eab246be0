import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/page-header";
import { TrashTable } from "@/components/dashboard/trash-table";
import { requireTeamPage } from "@/lib/http/require-team";
import { roleRefusal } from "@/lib/teams/role-refusal";
import { RoleRefusalNotice } from "@/components/dashboard/role-refusal-notice";
import { TRASH_DAYS } from "@/lib/rules/trash";
import { listTrash } from "@/lib/trash/list-trash";

export const metadata: Metadata = { title: "Trash" };

export default async function TrashPage() {
  const team = await requireTeamPage();
  const refusal = await roleRefusal(team, "trash.manage");
  if (refusal) return <RoleRefusalNotice refusal={refusal} />;
  return (
    <>
      <PageHeader
        title="Trash"
        description={`Documents and rooms deleted in this team. Restoring one brings back every link, version and analytics it had; after ${TRASH_DAYS} days it is deleted for good.`}
      />
      <TrashTable items={await listTrash(team.teamId)} />
    </>
  );
}
