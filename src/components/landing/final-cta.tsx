import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { paths } from "@/lib/paths";

export async function FinalCta() {
  const t = await getTranslations("landing.cta");
  return (
    <section aria-labelledby="cta-title" className="px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-4xl rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance">
          {t("title")}
        </h2>
        <p className="mt-3 text-lg">{t("text")}</p>
        <Button asChild size="lg" variant="secondary" className="mt-8">
          <Link href={paths.dashboard()}>{t("button")}</Link>
        </Button>
      </div>
    </section>
  );
}
