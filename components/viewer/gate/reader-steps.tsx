"use client";

import { type ComponentType, lazy, Suspense } from "react";

// The server imports the forms before it renders anything (this module waits for them there), so
// the HTML always holds the form itself. A lazy form still loading when the page's first bytes went
// out would come later, behind a script: a browser that has not run the page's scripts showed nothing.
// In the browser the condition is false and nothing is imported up front.
const onServer =
  typeof window === "undefined"
    ? await Promise.all([import("./password-form"), import("./agreement-form"), import("./gate-form"), import("../rooms/room-contents")])
    : null;

/**
 * A form the browser fetches only on a page that shows it, so a reader of an open link never
 * downloads the password, agreement, gate or room forms (issue 41). The server renders it in full;
 * while its script loads the browser keeps showing that HTML.
 */
function step<P extends object>(serverForm: ComponentType<P> | undefined, load: () => Promise<ComponentType<P>>) {
  const Form = serverForm ?? lazy(() => load().then((form) => ({ default: form })));
  return function Step(props: P) {
    return (
      <Suspense>
        <Form {...props} />
      </Suspense>
    );
  };
}

export const PasswordStep = step(onServer?.[0].PasswordForm, () => import("./password-form").then((m) => m.PasswordForm));
export const AgreementStep = step(onServer?.[1].AgreementForm, () => import("./agreement-form").then((m) => m.AgreementForm));
export const GateStep = step(onServer?.[2].GateForm, () => import("./gate-form").then((m) => m.GateForm));
export const RoomContentsStep = step(onServer?.[3].RoomContents, () => import("../rooms/room-contents").then((m) => m.RoomContents));
