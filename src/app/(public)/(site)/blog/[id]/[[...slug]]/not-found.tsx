import { ArrowLeftIcon, FileQuestionIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { paths } from "@/lib/paths";

/** An unknown post id: the SPEC's "Blog Post Not Found" with a way back to the list (status 404). */
export default async function BlogPostNotFound() {
  const t = await getTranslations("blog");
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-24 text-center">
      <title>{`${t("notFound.title")} · Aula`}</title>
      <FileQuestionIcon className="size-14 text-muted-foreground" aria-hidden />
      <h1 className="text-3xl font-bold tracking-tight">{t("notFound.title")}</h1>
      <p className="text-muted-foreground">{t("notFound.text")}</p>
      <Link href={paths.blog()} className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
        <ArrowLeftIcon className="size-4" aria-hidden />
        {t("back")}
      </Link>
    </div>
  );
}
