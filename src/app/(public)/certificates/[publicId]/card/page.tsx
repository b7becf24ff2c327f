import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { CertificateCard } from "@/features/quiz/components/certificate-card";
import { certificateDate } from "@/features/quiz/client";
import { publicCertificate } from "@/features/quiz/server";
import { env } from "@/server/env";
import { paths } from "@/lib/paths";

type Props = { params: Promise<{ publicId: string }> };

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** The certificate card alone, in the holder's language, for the picture (no app chrome). */
export default async function CertificateCardPage({ params }: Props) {
  const { publicId } = await params;
  const certificate = await publicCertificate(publicId);
  if (!certificate) notFound();
  const t = await getTranslations({ locale: certificate.locale, namespace: "quiz.card" });
  const verifyUrl = new URL(paths.certificate(certificate.publicId), env().APP_URL);
  return (
    <main style={{ margin: 0, padding: 0, background: "#fbf8f1", width: "fit-content" }}>
      <CertificateCard
        holderName={certificate.holderName}
        courseTitle={certificate.courseTitle}
        dateLine={t("on", { date: certificateDate(certificate.issuedAt, certificate.locale) })}
        shortCode={certificate.shortCode}
        verifyUrl={`${verifyUrl.host}${verifyUrl.pathname}`}
        labels={{
          heading: t("heading"),
          certifies: t("certifies"),
          completed: t("completed"),
          code: t("code"),
          verify: t("verify"),
          issuer: "Aula",
        }}
      />
    </main>
  );
}
