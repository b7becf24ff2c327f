import { FileQuestionIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { paths } from "@/lib/paths";

export default async function NotFound() {
  const t = await getTranslations("notFound");
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 px-6 text-center">
      {/* React hoists it into <head>: the tab says what happened, not the generic app title. */}
      <title>{`${t("title")} · Aula`}</title>
      <FileQuestionIcon className="size-16 text-muted-foreground" aria-hidden />
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="max-w-md text-muted-foreground">{t("text")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href={paths.home()}>{t("returnHome")}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={paths.dashboard()}>{t("goDashboard")}</Link>
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{t("support")}</p>
    </main>
  );
}
