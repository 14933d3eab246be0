import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's HTML and while the page hydrates, true once React handles the page's
 * events. A form sent before then would not reach its handler: the browser would load the form's
 * page again, with its fields (a password too) in the address.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
