import type { NotificationPreferences } from "@/lib/users/notification-preferences";

const CHOICES: Array<{ value: NotificationPreferences["digests"]; label: string; hint: string }> = [
  { value: "all", label: "All team documents", hint: "Every document in this team that has notifications on" },
  { value: "uploaded", label: "Only documents I uploaded", hint: "The documents you added to this team yourself" },
  { value: "none", label: "None", hint: "No digests from this team" },
];

/** Which documents bring the member digests: one radio group, its legend read out with each choice. */
export function DigestScopeChoice({ value }: { value: NotificationPreferences["digests"] }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Send me digests of</legend>
      <div className="mt-2 space-y-1">
        {CHOICES.map((choice) => (
          <label key={choice.value} className="flex cursor-pointer items-start gap-3 rounded-md p-1">
            <input
              type="radio"
              name="digests"
              value={choice.value}
              defaultChecked={value === choice.value}
              className="mt-0.5 h-4 w-4 border-slate-300 text-brand-600 accent-brand-600"
            />
            <span>
              <span className="block text-sm font-medium text-slate-800">{choice.label}</span>
              <span className="block text-xs text-slate-500">{choice.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
