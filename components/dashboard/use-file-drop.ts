"use client";

import { useState } from "react";

/** Drag-and-drop handlers for an area that takes a dropped file; `dragging` lights it up. */
export function useFileDrop(onFile: (file: File | undefined) => void) {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    handlers: {
      onDragOver: (e: React.DragEvent) => {
        e.preventDefault();
        setDragging(true);
      },
      onDragLeave: () => setDragging(false),
      onDrop: (e: React.DragEvent) => {
        e.preventDefault();
        setDragging(false);
        onFile(e.dataTransfer.files[0]);
      },
    },
  };
}
