import type * as React from "react";
import "@/components/print/script-fonts";
import "./print.css";

/** The print view: no app chrome, the print stylesheet, and a Noto face for every script. */
export default function PrintLayout({ children }: { children: React.ReactNode }) {
  return <main className="bg-white">{children}</main>;
}
