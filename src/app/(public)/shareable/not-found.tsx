import { Link2OffIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { paths } from "@/lib/paths";

/** An unknown share id, or a course its owner stopped sharing: 404 with a message that says so. */
export default async function NotShared() {
  const t = await getTranslations("share");
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 px-6 text-center">
      <title>{`${t("notSharedTitle")} · Aula`}</title>
      <Link2OffIcon className="size-16 text-muted-foreground" aria-hidden />
      <h1 className="text-3xl font-bold tracking-tight">{t("notSharedTitle")}</h1>
      <p className="max-w-md text-muted-foreground">{t("notSharedText")}</p>
      <Button asChild>
        <Link href={paths.home()}>{t("home")}</Link>
      </Button>
    </main>
  );
}
