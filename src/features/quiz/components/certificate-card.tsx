import type * as React from "react";
import { SCRIPT_FONT_STACK } from "@/components/print/script-fonts";

export type CertificateCardProps = {
  holderName: string;
  courseTitle: string;
  /** "on {date}", already formatted for the certificate's language. */
  dateLine: string;
  shortCode: string;
  verifyUrl: string;
  labels: { heading: string; certifies: string; completed: string; code: string; verify: string; issuer: string };
};

export const CARD_SIZE = { width: 1200, height: 850 } as const;

const ink = "#1f2544";
const accent = "#b08d2e";

/**
 * The certificate as the browser photographs it: a fixed-size card with inline styles only (no
 * app stylesheet needed, so a test can render the same markup), Noto faces for every script,
 * and `dir="auto"` on the learner's words so Arabic and Hebrew run right to left.
 */
export function CertificateCard(props: CertificateCardProps) {
  const { labels } = props;
  const line: React.CSSProperties = { margin: 0, textAlign: "center", unicodeBidi: "plaintext" };
  return (
    <div
      data-certificate-card
      style={{
        boxSizing: "border-box",
        width: CARD_SIZE.width,
        height: CARD_SIZE.height,
        padding: 28,
        background: "#fbf8f1",
        color: ink,
        fontFamily: SCRIPT_FONT_STACK,
      }}
    >
      <div
        style={{
          boxSizing: "border-box",
          height: "100%",
          border: `3px solid ${accent}`,
          outline: `1px solid ${accent}`,
          outlineOffset: -12,
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          justifyContent: "space-between",
          padding: "64px 80px 44px",
        }}
      >
        <div style={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 10 }}>
          <p style={{ ...line, fontSize: 26, fontWeight: 700, letterSpacing: 6, color: accent }}>
            {labels.issuer.toUpperCase()}
          </p>
          <p style={{ ...line, fontSize: 44, fontWeight: 700, letterSpacing: 2 }}>{labels.heading}</p>
        </div>
        <div style={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 18, width: "100%" }}>
          <p style={{ ...line, fontSize: 24 }}>{labels.certifies}</p>
          <p
            dir="auto"
            data-certificate-name
            style={{
              ...line,
              fontSize: 60,
              fontWeight: 700,
              lineHeight: 1.35,
              maxWidth: "100%",
              overflowWrap: "anywhere",
            }}
          >
            {props.holderName}
          </p>
          <div style={{ width: 420, height: 2, background: accent }} />
          <p style={{ ...line, fontSize: 24 }}>{labels.completed}</p>
          <p
            dir="auto"
            data-certificate-title
            style={{
              ...line,
              fontSize: 38,
              fontWeight: 700,
              lineHeight: 1.4,
              maxWidth: "100%",
              overflowWrap: "anywhere",
            }}
          >
            {props.courseTitle}
          </p>
          <p style={{ ...line, fontSize: 24 }}>{props.dateLine}</p>
        </div>
        <div
          style={{ display: "flex", justifyContent: "space-between", width: "100%", fontSize: 18, color: "#4b5173" }}
        >
          <span>
            {labels.code}: <strong style={{ letterSpacing: 2 }}>{props.shortCode}</strong>
          </span>
          <span>
            {labels.verify}: {props.verifyUrl}
          </span>
        </div>
      </div>
    </div>
  );
}
