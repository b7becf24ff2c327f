import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { certificateDate, certificateImagePath, linkedInAddUrl } from "@/features/quiz/client";
import { CertificateView } from "@/features/quiz/components/certificate-view";
import { certificateForLearner, loadQuizPage } from "@/features/quiz/server";
import { requireUserPage } from "@/server/auth/session";
import { env } from "@/server/env";
import { paths } from "@/lib/paths";

type Props = { params: Promise<{ courseId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("quiz.certificate");
  return { title: t("metaTitle") };
}

/**
 * The learner's certificate of a course, by id. Another user's course is a 404; a course whose
 * certificate is not issued yet sends the learner back to it (the viewer's action issues it).
 */
export default async function CertificatePage({ params }: Props) {
  const user = await requireUserPage();
  const { courseId } = await params;
  const course = await loadQuizPage(user.id, courseId);
  if (!course) notFound();
  const certificate = await certificateForLearner(user.id, course.id);
  if (!certificate) redirect(paths.course(course.id));
  const url = new URL(paths.certificate(certificate.publicId), env().APP_URL).toString();
  // The page's sentence is in the reader's language, so is its date ("on March 4, 2026"); the
  // picture keeps the certificate's own.
  const locale = await getLocale();
  return (
    <CertificateView
      courseId={course.id}
      holderName={certificate.holderName}
      courseTitle={certificate.courseTitle}
      date={certificateDate(certificate.issuedAt, locale)}
      imageUrl={certificateImagePath(certificate.publicId)}
      publicUrl={url}
      linkedInUrl={linkedInAddUrl({
        courseTitle: certificate.courseTitle,
        issuedAt: certificate.issuedAt,
        publicId: certificate.publicId,
        url,
        issuer: "Aula",
      })}
    />
  );
}
