import { UnavailableDocument } from "./unavailable-document";

/** The viewer when the server is flooded: it says so and loads itself again a few seconds later. */
export function BusyDocument() {
  return (
    <>
      <meta httpEquiv="refresh" content="3" />
      <UnavailableDocument title="Too many people are opening documents right now" message="This page tries again in a few seconds." />
    </>
  );
}
