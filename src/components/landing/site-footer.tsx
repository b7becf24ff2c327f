import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Brand } from "@/components/brand";
import { paths } from "@/lib/paths";

/** The public site's footer: every link is an internal page (the SPEC's external marketing site is this site). */
export async function SiteFooter() {
  const t = await getTranslations("footer");
  const columns = [
    {
      title: t("product"),
      links: [
        { href: "/#features", label: t("features") },
        { href: "/#pricing", label: t("pricing") },
        { href: paths.catalog(), label: t("catalog") },
        { href: paths.blog(), label: t("blog") },
      ],
    },
    {
      title: t("company"),
      links: [
        { href: paths.about(), label: t("about") },
        { href: paths.contact(), label: t("contact") },
      ],
    },
    {
      title: t("legal"),
      links: [
        { href: paths.policy("privacy"), label: t("privacy") },
        { href: paths.policy("terms"), label: t("terms") },
        { href: paths.policy("cancel"), label: t("cancel") },
        { href: paths.policy("refund"), label: t("refund") },
        { href: paths.policy("billing"), label: t("billing") },
      ],
    },
  ];
  return (
    <footer className="border-t bg-muted/30 px-4 py-12 sm:px-6">
      <div className="mx-auto grid max-w-6xl gap-10 md:grid-cols-4">
        <div>
          <Brand />
          <p className="mt-3 text-sm text-muted-foreground">{t("tagline")}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm text-muted-foreground">
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className="hover:text-foreground hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="mx-auto mt-10 max-w-6xl text-xs text-muted-foreground">
        {t("rights", { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
