"use client";

import { useEffect } from "react";

/** When the server could not print: opens the browser's own print dialog on the print view. */
export function PrintOnLoad() {
  useEffect(() => {
    // After the fonts: printing before they load would fall back to system faces.
    void document.fonts.ready.then(() => window.print());
  }, []);
  return null;
}
