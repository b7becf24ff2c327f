import type * as React from "react";
import { BadgeCheckIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { certificateDate, certificateImagePath } from "@/features/quiz";
import { publicCertificate } from "@/features/quiz/service";
import { env } from "@/server/env";
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
  const [t, locale] = await Promise.all([getTranslations("quiz.verify"), getLocale()]);
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
    [t("language"), certificate.courseLang],
    [t("issued"), certificateDate(certificate.issuedAt, locale)],
    [t("lessons"), String(certificate.lessonCount)],
    [t("quiz"), certificate.quizMark === null ? t("quizNone") : t("quizPassed", { mark: certificate.quizMark })],
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
      {/* eslint-disable-next-line @next/next/no-img-element -- a stored PNG served with its own long cache; next/image would re-encode it */}
      <img
        src={certificateImagePath(certificate.publicId)}
        alt={t("imageAlt", { name: certificate.holderName, course: certificate.courseTitle })}
        width={1200}
        height={850}
        className="h-auto w-full rounded-lg border shadow-sm"
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
