/** Shown to the owner on their own link: what they see is what readers see once through every gate, and none of it counts. */
export function OwnerPreviewNote() {
  return (
    <p
      role="status"
      data-testid="owner-preview-note"
      className="rounded-full bg-slate-900/90 px-4 py-2 text-center text-sm text-white shadow-lg"
    >
      Preview as owner: readers go through the link&apos;s gates; nothing you do here is recorded.
    </p>
  );
}
