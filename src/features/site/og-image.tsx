import "server-only";
import { ImageResponse } from "next/og";

const OG_SIZE = { width: 1200, height: 630 };

/** One line of card text: runs of spaces, tabs and line breaks (a title typed with two spaces) read as one space. */
export const cardLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** A 1200 × 630 share card: the brand, a small kicker and a title, drawn by next/og with its bundled font. */
export function shareCard(text: { kicker: string; title: string; footer: string }): ImageResponse {
  const kicker = cardLine(text.kicker);
  const title = cardLine(text.title);
  const footer = cardLine(text.footer);
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: 72,
        color: "white",
        background: "linear-gradient(135deg, #4f46e5 0%, #0ea5e9 100%)",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 20, fontSize: 40 }}>
        <div
          style={{
            display: "flex",
            width: 64,
            height: 64,
            borderRadius: 16,
            background: "white",
            color: "#4f46e5",
            alignItems: "center",
            justifyContent: "center",
            fontSize: 40,
          }}
        >
          A
        </div>
        Aula
      </div>
      <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
        <div style={{ fontSize: 30, opacity: 0.85, textTransform: "uppercase", letterSpacing: 2 }}>{kicker}</div>
        <div style={{ fontSize: title.length > 60 ? 56 : 68, lineHeight: 1.1 }}>{title.slice(0, 140)}</div>
      </div>
      <div style={{ fontSize: 26, opacity: 0.85 }}>{footer}</div>
    </div>,
    OG_SIZE,
  );
}
