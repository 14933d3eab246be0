import { Button } from "@/components/ui/button";
import { switchTeamAction } from "@/lib/http/actions/team-actions";

export type TeamOption = { id: string; name: string; role: string };

/** Which team the dashboard shows; a plain form, so it works before any script loads and from the keyboard. */
export function TeamSwitcher({ teams, current }: { teams: TeamOption[]; current: string }) {
  const name = teams.find((t) => t.id === current)?.name ?? "";
  if (teams.length < 2) {
    return (
      <p className="truncate px-5 pb-3 text-sm text-slate-600" data-testid="current-team" title={name}>
        {name}
      </p>
    );
  }
  return (
    <form action={switchTeamAction} className="flex items-end gap-2 px-5 pb-3" data-testid="team-switcher">
      <div className="min-w-0 flex-1">
        <label htmlFor="team-switcher" className="block text-xs font-medium text-slate-500">
          Team
        </label>
        {/* Keyed by the team: React resets a form after its action, and a switch redirects to the page
            already open, so without a new element the list would show the team chosen before. */}
        <select
          key={current}
          id="team-switcher"
          name="team_id"
          defaultValue={current}
          className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
        >
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name} ({team.role})
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" size="sm" variant="secondary">
        Switch
      </Button>
    </form>
  );
}
