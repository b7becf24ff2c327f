import "server-only";
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type * as React from "react";
import type { Locale } from "@/i18n/config";
import type { EmailTranslator } from "./translator";

const colors = { primary: "#4f46e5", text: "#1f2937", muted: "#6b7280", border: "#e5e7eb", page: "#f4f4f7" };

/** The frame every Aula mail shares: brand, heading, content, an optional call to action, footer. */
export function MailLayout({
  locale,
  t,
  preview,
  heading,
  action,
  children,
}: {
  locale: Locale;
  t: EmailTranslator;
  preview: string;
  heading: string;
  action?: { label: string; href: string };
  children: React.ReactNode;
}) {
  return (
    <Html lang={locale}>
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: colors.page,
          fontFamily: "Helvetica, Arial, sans-serif",
          margin: 0,
          padding: "24px 0",
        }}
      >
        <Container
          style={{
            backgroundColor: "#ffffff",
            border: `1px solid ${colors.border}`,
            borderRadius: 12,
            maxWidth: 560,
            padding: "32px",
          }}
        >
          <Text style={{ color: colors.primary, fontSize: 20, fontWeight: 700, margin: "0 0 24px" }}>{t("brand")}</Text>
          <Heading as="h1" style={{ color: colors.text, fontSize: 24, lineHeight: "32px", margin: "0 0 16px" }}>
            {heading}
          </Heading>
          {children}
          {action && (
            <>
              <Section style={{ margin: "28px 0" }}>
                <Button
                  href={action.href}
                  style={{
                    backgroundColor: colors.primary,
                    borderRadius: 8,
                    color: "#ffffff",
                    fontSize: 16,
                    fontWeight: 600,
                    padding: "12px 20px",
                  }}
                >
                  {action.label}
                </Button>
              </Section>
              <Text style={{ color: colors.muted, fontSize: 13, lineHeight: "20px" }}>
                {t("linkFallback")}{" "}
                <Link href={action.href} style={{ color: colors.primary, wordBreak: "break-all" }}>
                  {action.href}
                </Link>
              </Text>
            </>
          )}
          <Text style={{ color: colors.text, fontSize: 15, margin: "24px 0 0" }}>{t("signature")}</Text>
          <Hr style={{ borderColor: colors.border, margin: "24px 0 16px" }} />
          <Text style={{ color: colors.muted, fontSize: 12, lineHeight: "18px", margin: 0 }}>{t("footer")}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: React.ReactNode }) {
  return <Text style={{ color: colors.text, fontSize: 15, lineHeight: "24px", margin: "0 0 12px" }}>{children}</Text>;
}

/** A label/value table (receipts). */
export function DetailRows({ rows }: { rows: [string, string][] }) {
  return (
    <Section style={{ border: `1px solid ${colors.border}`, borderRadius: 8, margin: "16px 0", padding: "8px 16px" }}>
      {rows.map(([label, value]) => (
        <Text key={label} style={{ color: colors.text, fontSize: 14, lineHeight: "22px", margin: "6px 0" }}>
          <span style={{ color: colors.muted }}>{label}:</span> <strong>{value}</strong>
        </Text>
      ))}
    </Section>
  );
}
