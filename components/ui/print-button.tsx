"use client";

import { Button } from "./button";

/** Opens the browser's print dialog for the page as it is (its print styles leave out the controls). */
export function PrintButton({ children = "Print" }: { children?: React.ReactNode }) {
  return (
    <Button variant="secondary" onClick={() => window.print()}>
      {children}
    </Button>
  );
}
