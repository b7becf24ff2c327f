import type * as React from "react";
import { BadgeCheckIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { certificateDate, certificateImagePath, quizResultParts } from "@/features/quiz/client";
import { CertificatePicture } from "@/features/quiz/components/certificate-picture";
import { publicCertificate } from "@/features/quiz/server";
import { env } from "@/server/env";
import { courseLanguageLabel } from "@/lib/course-languages";
import { paths } from "@/lib/paths";

type Props = { params: Promise<{ publicId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { publicId } = await params;
  const certificate = await publicCertificate(publicId);
  if (!certificate) return {};
  const t = await getTranslations("quiz.verify");
  const base = env().APP_URL;
  const title = t("metaTitle", { name: certificate.holderName, course: certificate.courseTitle });
  return {
    title,
    robots: { index: false, follow: false },
    openGraph: {
      title,
      url: new URL(paths.certificate(certificate.publicId), base).toString(),
      images: [{ url: new URL(certificateImagePath(certificate.publicId), base).toString(), width: 1200, height: 850 }],
    },
    twitter: { card: "summary_large_image" },
  };
}

/**
 * Anyone can check a certificate here by its public id: who holds it, for which course, when,
 * and that it is valid. Nothing else about the learner is shown; it outlives the course and
 * the account.
 */
export default async function CertificateVerifyPage({ params }: Props) {
  const { publicId } = await params;
  const certificate = await publicCertificate(publicId);
  if (!certificate) notFound();
  const [t, tc, locale] = await Promise.all([
    getTranslations("quiz.verify"),
    getTranslations("quiz.certificate"),
    getLocale(),
  ]);
  const quiz =
    certificate.quizMark === null ? null : quizResultParts(certificate.quizMark, certificate.quizQuestions, locale);
  const rows: [string, React.ReactNode][] = [
    [
      t("holder"),
      <span dir="auto" key="h">
        {certificate.holderName}
      </span>,
    ],
    [
      t("course"),
      <span dir="auto" key="c">
        {certificate.courseTitle}
      </span>,
    ],
    [t("language"), courseLanguageLabel(certificate.courseLang, locale)],
    [
      t("issued"),
      // The certificate's own date reading (its language, as on its picture), marked as such.
      <span lang={certificate.locale} key="d" data-testid="certificate-issued">
        {certificateDate(certificate.issuedAt, certificate.locale)}
      </span>,
    ],
    [t("lessons"), String(certificate.lessonCount)],
    // Which published version of the course was completed (decision 043); unknown before versions.
    ...(certificate.courseVersion !== null && certificate.courseVersionAt !== null
      ? ([
          [
            t("version"),
            <span key="v" data-testid="certificate-version">
              {t("versionValue", {
                version: certificate.courseVersion,
                date: certificateDate(certificate.courseVersionAt, locale),
              })}
            </span>,
          ],
        ] as [string, React.ReactNode][])
      : []),
    [t("quiz"), quiz ? t("quizScore", quiz) : t("quizNone")],
    [t("issuer"), "Aula"],
    [t("code"), certificate.shortCode],
  ];
  return (
    <main id="main" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-10">
      <div className="flex flex-wrap items-center gap-3">
        <BadgeCheckIcon className="size-8 text-emerald-600 dark:text-emerald-400" aria-hidden />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("heading")}</h1>
        <span
          className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50"
          data-testid="certificate-status"
        >
          {t("valid")}
        </span>
      </div>
      <p className="text-muted-foreground">{t("intro")}</p>
      {/* A stored PNG served with its own long cache (next/image would re-encode it), drawn on first request. */}
      <CertificatePicture
        src={certificateImagePath(certificate.publicId)}
        alt={t("imageAlt", { name: certificate.holderName, course: certificate.courseTitle })}
        labels={{ drawing: tc("drawing"), failed: tc("drawFailed") }}
        width={1200}
        height={850}
      />
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border p-5 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-muted-foreground">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <p>
        <Link href={paths.home()} className="font-medium text-primary underline underline-offset-4">
          {t("aboutAula")}
        </Link>
      </p>
    </main>
  );
}
