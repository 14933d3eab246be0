import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { z } from "zod";
import { PageHeader } from "@/components/dashboard/page-header";
import { AddRoomDocumentForm, NewFolderForm } from "@/components/dashboard/room-add-forms";
import { RoomLinks } from "@/components/dashboard/room-links";
import { RoomSettings } from "@/components/dashboard/room-settings";
import { RoomTree } from "@/components/dashboard/room-tree";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { roomPageData } from "@/lib/dashboard/room-page-data";
import { folderPaths, roomTree } from "@/lib/dashboard/room-tree";
import { ApiError } from "@/lib/errors";
import { requireTeamPage } from "@/lib/http/require-team";
import { can } from "@/lib/teams/permissions";

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

export default async function RoomPage({ params }: { params: Promise<{ id: string }> }) {
  const team = await requireTeamPage("documents.read");
  const { detail, links, addable } = await loaded(team.teamId, (await params).id);
  const writes = can(team.role, "documents.write");
  const folders = folderPaths(detail.folders);
  return (
    <>
      <PageHeader title={detail.name} description={detail.description || undefined} />
      <div className="mb-6 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-600">Share URL</span>
        <code className="min-w-0 rounded bg-slate-100 px-2 py-1 break-all text-slate-800">{detail.url}</code>
        <CopyButton value={detail.url} label="Copy URL" />
      </div>
      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card title="Contents" description="Drag documents between folders and to reorder them, or use each document's buttons.">
          <RoomTree roomId={detail.id} tree={roomTree(detail)} folders={folders} writes={writes} />
        </Card>
        {writes && (
          <div className="flex min-w-0 flex-col gap-6">
            <Card title="Add a document">
              <AddRoomDocumentForm roomId={detail.id} addable={addable} folders={folders} />
            </Card>
            <Card title="New folder">
              <NewFolderForm roomId={detail.id} folders={folders} />
            </Card>
            <Card title="Settings">
              <RoomSettings roomId={detail.id} settings={detail.settings} />
            </Card>
          </div>
        )}
      </div>
      <div className="mt-6 grid min-w-0 gap-6 lg:grid-cols-2">
        <Card title="Links">
          <RoomLinks roomId={detail.id} defaultUrl={detail.url} links={links} writes={writes} />
        </Card>
        <Card title="Analytics">
          <p className="text-sm text-slate-600">Room analytics are coming: who opened the room, and which documents they read.</p>
        </Card>
      </div>
    </>
  );
}
