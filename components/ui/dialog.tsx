"use client";

import { createContext, useCallback, useContext, useId, useMemo, useRef } from "react";

type DialogControl = {
  dialogRef: React.RefObject<HTMLDialogElement | null>;
  openerRef: React.RefObject<HTMLButtonElement | null>;
  open: () => void;
  close: () => void;
};

/** Opens and closes one `Dialog`; spread `openerProps` on the button that opens it so focus returns there. */
export function useDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const open = useCallback(() => dialogRef.current?.showModal(), []);
  const close = useCallback(() => dialogRef.current?.close(), []);
  return useMemo(
    () => ({
      control: { dialogRef, openerRef, open, close } satisfies DialogControl,
      openerProps: { ref: openerRef, onClick: open, "aria-haspopup": "dialog" as const },
      close,
    }),
    [open, close],
  );
}

const TitleIds = createContext<{ title: string; text: string }>({ title: "", text: "" });

const WIDTH = { md: "max-w-md", lg: "max-w-lg" } as const;

/**
 * A native modal <dialog>: the browser keeps focus inside it and closes it on Escape; on close
 * focus goes back to the button that opened it. It is named by its `DialogTitle` and described by
 * its `DialogDescription`.
 */
export function Dialog({
  control,
  role,
  width,
  children,
}: {
  control: DialogControl;
  role?: "alertdialog";
  width: keyof typeof WIDTH;
  children: React.ReactNode;
}) {
  const { dialogRef, openerRef } = control;
  const id = useId();
  const ids = useMemo(() => ({ title: `${id}-title`, text: `${id}-text` }), [id]);
  return (
    <dialog
      ref={dialogRef}
      role={role}
      aria-labelledby={ids.title}
      aria-describedby={ids.text}
      onClose={() => openerRef.current?.focus()}
      className={`m-auto w-[calc(100%-2rem)] ${WIDTH[width]} rounded-xl p-0 text-left whitespace-normal shadow-xl backdrop:bg-slate-900/40`}
    >
      <TitleIds.Provider value={ids}>{children}</TitleIds.Provider>
    </dialog>
  );
}

export function DialogTitle({ children }: { children: React.ReactNode }) {
  return (
    <h2 id={useContext(TitleIds).title} className="text-lg font-semibold text-slate-900">
      {children}
    </h2>
  );
}

export function DialogDescription({ children, className = "mt-2" }: { children: React.ReactNode; className?: string }) {
  return (
    <p id={useContext(TitleIds).text} className={`${className} text-sm text-slate-600`}>
      {children}
    </p>
  );
}

/** The id of the enclosing dialog's title, for a form inside it that is named by the same heading. */
export function useDialogTitleId() {
  return useContext(TitleIds).title;
}
