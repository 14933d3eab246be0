import { FilterBar, FilterInput, FilterSelect } from "@/components/ui/filter-fields";

type Choice = { id: string; label: string };

/**
 * The inbox's filters (status, room, assignee, and the document when one is named in the URL, as
 * a digest's link names it), filled from the URL; blank ones stay out of it.
 */
export function QuestionsFilters({
  rooms,
  members,
  filters,
}: {
  rooms: Array<{ id: string; name: string }>;
  members: Choice[];
  filters: Record<string, string>;
}) {
  return (
    <FilterBar action="/questions" label="Filter the questions" className="">
      <FilterSelect
        id="questions-status"
        name="status"
        label="Status"
        value={filters.status}
        every="Open and closed"
        choices={[
          ["open", "Open"],
          ["closed", "Closed"],
        ]}
      />
      <FilterSelect
        id="questions-room"
        name="room_id"
        label="Room"
        value={filters.room_id}
        every="Every document and room"
        choices={rooms.map((room) => [room.id, room.name])}
      />
      <FilterSelect
        id="questions-assignee"
        name="assignee"
        label="Assigned to"
        value={filters.assignee}
        every="Anyone or nobody"
        choices={members.map((member) => [member.id, member.label])}
      />
      <FilterInput
        id="questions-document"
        name="short_code"
        label="Document"
        value={filters.short_code}
        placeholder="s-k3j9x0q2ab"
        hint="A document's short code, as its page shows it"
      />
    </FilterBar>
  );
}
