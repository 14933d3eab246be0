import { PagewiseMark, TeamLogo } from "../viewer-brand";

/**
 * The card both steps of the email gate share: a form labelled by its heading. Alone on the page
 * the heading is the document's title (h1); under the viewer's own it says how much is left (h2).
 */
export function GateStepForm({
  heading,
  onSubmit,
  children,
}: {
  heading: { standalone: boolean; title: string; page: number; pageCount: number; subject?: "document" | "room" };
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  children: React.ReactNode;
}) {
  const { standalone, title, page, pageCount, subject = "document" } = heading;
  const remaining = pageCount - page + 1;
  const Heading = standalone ? "h1" : "h2";
  return (
    <form
      onSubmit={onSubmit}
      data-testid="email-gate"
      aria-labelledby="gate-title"
      className="mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-md"
    >
      {standalone && <TeamLogo />}
      <p className="text-xs font-semibold tracking-wide text-brand-ink uppercase">
        {standalone ? `Shared ${subject}` : `Page ${page} of ${pageCount}`}
      </p>
      <Heading id="gate-title" className="mt-1 text-lg font-semibold text-slate-900">
        {standalone ? title : `Continue reading: ${remaining} more page${remaining === 1 ? "" : "s"}`}
      </Heading>
      {children}
      <PagewiseMark className="mt-5 text-center" />
    </form>
  );
}

export type GateHeading = React.ComponentProps<typeof GateStepForm>["heading"];
