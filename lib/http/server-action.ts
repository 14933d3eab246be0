import "server-only";
import { notFound } from "next/navigation";
import { z } from "zod";
import { ApiError, type FieldProblems } from "../errors";

/**
 * The one door of every server action. A server action is a public endpoint: anyone can POST it
 * any arguments (proxy.ts has already refused bodies Next's decoder would choke on, through
 * ./server-action-request.ts). Here, in this order: the session (the action's `session` step,
 * which refuses by redirecting to sign-in), the arguments against the action's zod tuple, then the
 * action; a failure the client caused never reaches Next as a 500 and changes nothing.
 */

/** What a form's state can always carry: a problem of the whole form, and one per field by the field's name. */
export type FormProblems = { error?: string; fieldErrors?: FieldProblems };

export const MALFORMED_ACTION = "This form was sent in a shape its page never sends. Reload the page and try again.";

type Spec<Args extends z.ZodTuple, Session> = {
  /** Who may call: `requireTeam(action)` for the dashboard, `anyone` for signing in and up. */
  session: () => Promise<Session>;
  /** Every argument's shape, bound ones (a document's code) first; see `formFields` for a form's. */
  args: Args;
  /** The domain's field names in the form's (`settings.expires_at` → `expires_at`). */
  formFields?: (fields: FieldProblems | undefined) => FieldProblems;
  /** The domain's refusal in the form's words. */
  failure?: (message: string) => string;
};

export const anyone = async () => null;

/** Each field's first problem, keyed by the form field's name: the first path step after `skip` steps. */
export function fieldErrorsOf(error: z.ZodError, skip = 0): FieldProblems {
  const fields: FieldProblems = {};
  for (const issue of error.issues) {
    const name = issue.path[skip];
    if (name !== undefined) fields[String(name)] ??= issue.message;
  }
  return fields;
}

type FormFields = Record<string, string | string[]>;

/**
 * A form's fields as an object for `schema`: a name sent twice becomes a list; a blank field counts
 * as not sent (so `.optional()` and `.default()` read a left-empty input); files are not read.
 */
export function formFields<Output>(schema: z.ZodType<Output>) {
  return (
    z
      .instanceof(FormData)
      .transform((form) => {
        const fields: FormFields = {};
        for (const name of new Set(form.keys())) {
          const values = form.getAll(name).filter((v): v is string => typeof v === "string" && v !== "");
          if (values.length > 0) fields[name] = values.length === 1 ? values[0]! : values;
        }
        return fields;
      })
      // The schema may ask for less than strings (a coerced number, an unknown checked later).
      .pipe(schema as z.ZodType<Output, FormFields>)
  );
}

/**
 * An action behind a form (useActionState): every refusal is the form's state. A field's problem
 * (the schema's, or the domain's ApiError naming fields) is `fieldErrors`; an argument that is not
 * what the page sends, or any other refusal of the domain (an ApiError below 500), is `error`.
 */
export function formAction<Args extends z.ZodTuple, Session, State extends FormProblems | undefined>(
  spec: Spec<Args, Session>,
  action: (session: Session, ...args: z.output<Args>) => Promise<State>,
): (...args: z.input<Args>) => Promise<State | FormProblems> {
  return async (...args) => {
    // The session step inside the try: a role the session's team refuses (an ApiError) is the form's error.
    try {
      const session = await spec.session();
      const parsed = spec.args.safeParse(args);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error, 1);
        const whole = parsed.error.issues.some((issue) => issue.path.length < 2);
        return whole || Object.keys(fieldErrors).length === 0 ? { error: MALFORMED_ACTION } : { fieldErrors };
      }
      return await action(session, ...parsed.data);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      const fieldErrors = (spec.formFields ?? ((fields) => fields ?? {}))(error.fields);
      return {
        error: spec.failure ? spec.failure(error.message) : error.message,
        ...(Object.keys(fieldErrors).length ? { fieldErrors } : {}),
      };
    }
  };
}

/**
 * An action behind a button (a delete, a switch), whose page reads no answer: arguments that are
 * not what the page sends, or a refusal of the domain (an ApiError below 500: not the caller's,
 * already gone), answer Next's not-found (the page shows its 404) and change nothing.
 */
export function buttonAction<Args extends z.ZodTuple, Session, R>(
  spec: Pick<Spec<Args, Session>, "session" | "args">,
  action: (session: Session, ...args: z.output<Args>) => Promise<R>,
): (...args: z.input<Args>) => Promise<R> {
  return async (...args) => {
    try {
      const session = await spec.session();
      const parsed = spec.args.safeParse(args);
      if (!parsed.success) notFound();
      return await action(session, ...parsed.data);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) notFound();
      throw error;
    }
  };
}

/** The form's previous state: the actions never read it, so any value will do. */
export const formState = <S>() => z.custom<S>(() => true);
export const formData = z.instanceof(FormData);
/** For the actions that read none of their arguments. */
export const anyArguments = z.tuple([]).rest(z.unknown());
/** A document's or link's short code, as the dashboard's pages pass them. */
export const shortCode = z.string().max(64);
export const recordId = z.uuid();
