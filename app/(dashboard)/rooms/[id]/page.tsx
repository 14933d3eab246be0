import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { z } from "zod";
import { AgreementsCard } from "@/components/dashboard/agreements-card";
import { DeleteRoomButton } from "@/components/rooms/delete-room-button";
import { AddRoomDocumentForm, NewFolderForm } from "@/components/rooms/room-add-forms";
import { RoomAnalyticsCard } from "@/components/rooms/room-analytics-card";
import { RoomDocumentsCard } from "@/components/rooms/room-documents-card";
import { RoomHeader } from "@/components/rooms/room-header";
import { RoomGroups } from "@/components/rooms/room-groups";
import { RoomLinks } from "@/components/rooms/room-links";
import { RoomPermissions } from "@/components/rooms/room-permissions";
import { RoomSettings } from "@/components/rooms/room-settings";
import { RoomTree } from "@/components/rooms/room-tree";
import { RoomUploadForm } from "@/components/rooms/room-upload-form";
import { RoomVisitorsCard } from "@/components/rooms/room-visitors-card";
import { Card } from "@/components/ui/card";
import { pageNumber } from "@/lib/dashboard/document-page-data";
import { roomAnalyticsData } from "@/lib/dashboard/room-analytics-data";
import { roomPageData } from "@/lib/dashboard/room-page-data";
import { folderPaths, roomTree } from "@/lib/dashboard/room-tree";
import { ApiError } from "@/lib/errors";
import { requireTeamPage } from "@/lib/http/require-team";
import { can, mayDelete } from "@/lib/teams/permissions";

export const metadata: Metadata = { title: "Room" };

const loaded = async (teamId: string, id: string) => {
  if (!z.uuid().safeParse(id).success) notFound();
  try {
    return await roomPageData(teamId, id);
  } catch (error) {
    // Not a room id, another team's room or a deleted one: the page is missing, as for documents.
    if (error instanceof ApiError && error.status < 500) notFound();
    throw error;
  }
};

export default async function RoomPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const team = await requireTeamPage("documents.read");
  const search = await searchParams;
  const { detail, madeBy, links, addable, upload, groups, permissions } = await loaded(team.teamId, (await params).id);
  const writes = can(team.role, "documents.write");
  const analytics = can(team.role, "analytics.read")
    ? await roomAnalyticsData(team.teamId, detail.id, pageNumber(search.vpage), pageNumber(search.apage))
    : null;
  const pageHref = (changes: Record<string, string>) => ({ pathname: `/rooms/${detail.id}`, query: { ...search, ...changes } });
  const folders = folderPaths(detail.folders);
  return (
    <>
      <RoomHeader
        name={detail.name}
        description={detail.description}
        url={detail.url}
        activityHref={analytics ? `/rooms/${detail.id}/activity` : null}
      />
      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card
          title="Contents"
          description="Drag documents between folders and to reorder them, or use each document's and folder's controls."
        >
          <RoomTree roomId={detail.id} tree={roomTree(detail)} folders={detail.folders} writes={writes} />
        </Card>
        {writes && (
          <div className="flex min-w-0 flex-col gap-6">
            <Card title="Add a document">
              <AddRoomDocumentForm roomId={detail.id} addable={addable} folders={folders} />
            </Card>
            <Card title="Upload a PDF">
              <RoomUploadForm roomId={detail.id} folders={folders} {...upload} />
            </Card>
            <Card title="New folder">
              <NewFolderForm roomId={detail.id} folders={folders} />
            </Card>
          </div>
        )}
      </div>
      <div className="mt-6 grid min-w-0 gap-6 lg:grid-cols-2">
        <Card
          title="Links"
          description="Each link opens the whole room, or only what its group sees; a recipient's link may set its own rules."
        >
          <RoomLinks roomId={detail.id} defaultUrl={detail.url} links={links} writes={writes} groups={detail.groups} />
        </Card>
        {analytics && <RoomAnalyticsCard analytics={analytics} />}
      </div>
      <div className="mt-6 grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card title="Groups" description="The room's parties. A group's links open only what the group may see.">
          <RoomGroups roomId={detail.id} groups={groups} writes={writes} />
        </Card>
        <Card
          title="Permissions"
          description="What each group sees of each folder and document: hidden, view, or download (where the room allows downloads). Inside a folder, a level can only lower what the folder gives."
        >
          <RoomPermissions roomId={detail.id} groups={detail.groups} rows={permissions} writes={writes} />
        </Card>
      </div>
      {analytics && analytics.totals.views > 0 && <RoomDocumentsCard documents={analytics.documents} />}
      {analytics && analytics.pagination.total > 0 && (
        <RoomVisitorsCard analytics={analytics} pageHref={(page) => pageHref({ vpage: String(page) })} />
      )}
      {analytics && (detail.settings.agreement || analytics.agreements.pagination.total > 0) && (
        // The list card keeps the document page's space below it; here cards keep theirs above.
        <div className="mt-6 [&>section]:mb-0">
          <AgreementsCard
            agreements={analytics.agreements}
            onRoomPage
            description="Who accepted the room’s agreement, the text they accepted and when, newest first; one acceptance opens every document"
            empty="No one has accepted the room’s agreement yet."
            pageHref={(page) => pageHref({ apage: String(page) })}
          />
        </div>
      )}
      {writes && (
        <Card title="Settings" className="mt-6">
          <RoomSettings room={detail} />
        </Card>
      )}
      {mayDelete(team, madeBy) && (
        <Card title="Danger zone" className="mt-6">
          <DeleteRoomButton roomId={detail.id} name={detail.name} />
        </Card>
      )}
    </>
  );
}
