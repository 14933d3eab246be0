import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/page-header";
import { QuestionsFilters } from "@/components/dashboard/questions-filters";
import { QuestionsInbox } from "@/components/dashboard/questions-inbox";
import { Card } from "@/components/ui/card";
import { questionsPageData } from "@/lib/dashboard/questions-page-data";
import { requireTeamPage } from "@/lib/http/require-team";
import { can } from "@/lib/teams/permissions";

export const metadata: Metadata = { title: "Questions" };

export default async function QuestionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const team = await requireTeamPage("documents.read");
  const data = await questionsPageData(team.teamId, await searchParams);
  return (
    <>
      <PageHeader
        title="Questions"
        description="What readers asked about your documents and rooms. Assign a question, answer it to the asker, their group or the whole room, and close it."
      />
      <div className="flex flex-col gap-6">
        <QuestionsFilters rooms={data.rooms} members={data.members} filters={data.filters} />
        {data.problem ? (
          <Card title="These filters cannot be read">
            <p className="text-sm text-slate-600">{data.problem}</p>
          </Card>
        ) : (
          <QuestionsInbox
            questions={data.questions}
            members={data.members}
            total={data.total}
            canAnswer={can(team.role, "documents.write")}
          />
        )}
      </div>
    </>
  );
}
