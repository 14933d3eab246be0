import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/page-header";
import { TrashTable } from "@/components/dashboard/trash-table";
import { requireTeamPage } from "@/lib/http/require-team";
import { TRASH_DAYS } from "@/lib/rules/trash";
import { listTrash } from "@/lib/trash/list-trash";

export const metadata: Metadata = { title: "Trash" };

export default async function TrashPage() {
  const team = await requireTeamPage("trash.manage");
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
