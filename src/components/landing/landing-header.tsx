import { MenuIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Brand } from "@/components/brand";
import { LanguageMenu } from "@/components/i18n/language-menu";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { Button } from "@/components/ui/button";
import { AnchorLink } from "./anchor-link";
import { paths } from "@/lib/paths";

export async function LandingHeader() {
  const t = await getTranslations("landing.nav");
  const anchors = [
    { id: "features", label: t("features") },
    { id: "how-it-works", label: t("howItWorks") },
    { id: "pricing", label: t("pricing") },
  ];
  return (
    <header className="sticky top-0 z-40 h-16 border-b bg-background/80 backdrop-blur">
      {/* Tight below sm: at 360 px the English labels must fit beside the menu, brand, language and theme. */}
      <div className="mx-auto flex h-full max-w-6xl items-center justify-between gap-1 px-2 sm:gap-4 sm:px-6">
        <div className="flex items-center gap-0.5 sm:gap-1">
          {/* The phone menu is a native disclosure: it needs no script to open, only the anchors' own. */}
          <details className="group relative md:hidden" data-testid="phone-menu">
            <summary
              className="flex size-8 cursor-pointer list-none items-center justify-center rounded-md hover:bg-accent [&::-webkit-details-marker]:hidden"
              aria-label={t("openMenu")}
            >
              <MenuIcon className="size-5" aria-hidden />
            </summary>
            <nav
              aria-label={t("menuTitle")}
              className="absolute top-11 left-0 z-50 w-56 rounded-lg border bg-popover p-2 shadow-lg"
            >
              <ul className="flex flex-col text-sm font-medium">
                {anchors.map((a) => (
                  <li key={a.id}>
                    <AnchorLink targetId={a.id} className="block rounded-md px-3 py-2 hover:bg-accent">
                      {a.label}
                    </AnchorLink>
                  </li>
                ))}
              </ul>
            </nav>
          </details>
          <Brand compact />
        </div>
        <nav aria-label={t("label")} className="hidden md:block">
          <ul className="flex items-center gap-6 text-sm font-medium text-muted-foreground">
            {anchors.map((a) => (
              <li key={a.id}>
                <AnchorLink targetId={a.id} className="hover:text-foreground">
                  {a.label}
                </AnchorLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-0.5 sm:gap-2">
          <LanguageMenu />
          <ThemeToggle />
          <Button asChild variant="ghost" size="sm" className="px-2 sm:px-3">
            <Link href={paths.login()}>{t("login")}</Link>
          </Button>
          <Button asChild size="sm" className="px-2.5 sm:px-3">
            <Link href={paths.signup()}>{t("getStarted")}</Link>
          </Button>
        </div>
      </div>
    </header>
  );
}
