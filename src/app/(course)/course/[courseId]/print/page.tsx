import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SCRIPT_FONT_STACK } from "@/components/print/script-fonts";
import { findExportDocument, textDirection } from "@/features/export/document";
import { PrintOnLoad } from "@/features/export/components/print-on-load";
import { PrintView } from "@/features/export/components/print-view";
import { courseLanguageByName } from "@/features/generation/languages";
import { requireUserPage } from "@/server/auth/session";

type Props = { params: Promise<{ courseId: string }>; searchParams: Promise<{ print?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const user = await requireUserPage();
  const doc = await findExportDocument(user.id, (await params).courseId);
  return { title: doc?.course.mainTopic, robots: { index: false } };
}

/** The owner's or an enrolled learner's, like the viewer; `?print=1` opens the browser's print dialog (export without a server browser). */
export default async function PrintPage({ params, searchParams }: Props) {
  const user = await requireUserPage();
  const [{ courseId }, { print }] = await Promise.all([params, searchParams]);
  const doc = await findExportDocument(user.id, courseId);
  if (!doc) notFound();
  const langCode = courseLanguageByName(doc.course.lang)?.code ?? "en";
  return (
    <>
      <PrintView doc={doc} langCode={langCode} dir={textDirection(doc.course.lang)} fontStack={SCRIPT_FONT_STACK} />
      {print === "1" ? <PrintOnLoad /> : null}
    </>
  );
}
