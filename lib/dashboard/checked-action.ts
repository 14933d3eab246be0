import { notFound } from "next/navigation";
import { z } from "zod";
import { ApiError } from "../errors";

/**
 * A server action is a public endpoint: anyone can POST it any arguments, and whatever it throws
 * Next answers with a 500. Each action states the shapes of its arguments here; a call that does
 * not fit them, or that the domain refuses as a client's mistake (an ApiError below 500: a document
 * or key that is not the caller's, a delivery still under way), answers 404 and changes nothing.
 * Forms already turn the mistakes a person can make into messages; only forged calls reach this.
 */
export function checkedAction<Shape extends z.ZodTuple, R>(
  shape: Shape,
  action: (...args: z.output<Shape>) => Promise<R>,
): (...args: z.output<Shape>) => Promise<R> {
  return async (...args) => {
    const parsed = shape.safeParse(args);
    if (!parsed.success) notFound();
    try {
      return await action(...parsed.data);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) notFound();
      throw error;
    }
  };
}

/** The form's previous state: the actions never read it, so any value will do. */
export const formState = <S>() => z.custom<S>(() => true);
export const formData = z.instanceof(FormData);
/** A document's or link's short code, as the dashboard's pages pass them. */
export const shortCode = z.string().max(64);
export const recordId = z.uuid();
