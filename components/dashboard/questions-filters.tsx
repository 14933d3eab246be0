import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { QueryForm } from "@/components/ui/query-form";

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
    <QueryForm action="/questions" className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter the questions">
      <div className="w-full sm:w-auto">
        <label htmlFor="questions-status" className="mb-1 block text-sm font-medium text-slate-700">
          Status
        </label>
        <select id="questions-status" name="status" defaultValue={filters.status ?? ""} className={inputClass}>
          <option value="">Open and closed</option>
          <option value="open">Open</option>
          <option value="closed">Closed</option>
        </select>
      </div>
      <div className="w-full sm:w-auto">
        <label htmlFor="questions-room" className="mb-1 block text-sm font-medium text-slate-700">
          Room
        </label>
        <select id="questions-room" name="room_id" defaultValue={filters.room_id ?? ""} className={inputClass}>
          <option value="">Every document and room</option>
          {rooms.map((room) => (
            <option key={room.id} value={room.id}>
              {room.name}
            </option>
          ))}
        </select>
      </div>
      <div className="w-full sm:w-auto">
        <label htmlFor="questions-assignee" className="mb-1 block text-sm font-medium text-slate-700">
          Assigned to
        </label>
        <select id="questions-assignee" name="assignee" defaultValue={filters.assignee ?? ""} className={inputClass}>
          <option value="">Anyone or nobody</option>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.label}
            </option>
          ))}
        </select>
      </div>
      <div className="w-full sm:w-auto">
        <label htmlFor="questions-document" className="mb-1 block text-sm font-medium text-slate-700">
          Document
        </label>
        <input
          id="questions-document"
          name="short_code"
          defaultValue={filters.short_code ?? ""}
          placeholder="s-k3j9x0q2ab"
          aria-describedby="questions-document-hint"
          className={inputClass}
        />
        <span id="questions-document-hint" className="sr-only">
          A document&apos;s short code, as its page shows it
        </span>
      </div>
      <Button type="submit" variant="secondary">
        Filter
      </Button>
    </QueryForm>
  );
}
