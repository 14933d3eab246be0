"use client";

import { type ComponentProps, lazy, Suspense } from "react";
import type { AgreementForm } from "./agreement-form";
import type { GateForm } from "./gate-form";
import type { PasswordForm } from "./password-form";
import type { RoomContents } from "../rooms/room-contents";

// The share page's client components all ship together with the page; these are fetched only by a page that
// shows them, so a reader of an open link never downloads the password, agreement, gate or room forms (issue 41).
const LazyPasswordForm = lazy(() => import("./password-form").then((m) => ({ default: m.PasswordForm })));
const LazyAgreementForm = lazy(() => import("./agreement-form").then((m) => ({ default: m.AgreementForm })));
const LazyGateForm = lazy(() => import("./gate-form").then((m) => ({ default: m.GateForm })));
const LazyRoomContents = lazy(() => import("../rooms/room-contents").then((m) => ({ default: m.RoomContents })));

// The server renders each in full; while its script loads the browser keeps showing that HTML.
export const PasswordStep = (props: ComponentProps<typeof PasswordForm>) => (
  <Suspense>
    <LazyPasswordForm {...props} />
  </Suspense>
);

export const AgreementStep = (props: ComponentProps<typeof AgreementForm>) => (
  <Suspense>
    <LazyAgreementForm {...props} />
  </Suspense>
);

export const GateStep = (props: ComponentProps<typeof GateForm>) => (
  <Suspense>
    <LazyGateForm {...props} />
  </Suspense>
);

export const RoomContentsStep = (props: ComponentProps<typeof RoomContents>) => (
  <Suspense>
    <LazyRoomContents {...props} />
  </Suspense>
);
