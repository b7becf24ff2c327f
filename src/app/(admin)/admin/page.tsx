import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { DonutChart } from "@/features/admin/components/donut-chart";
import { PageHeading } from "@/features/admin/components/list-controls";
import { readDashboardFigures, type MoneyByCurrency } from "@/features/admin/server";
import { requireAdminPage } from "@/server/auth/session";
import { env } from "@/server/env";
import { formatMoney } from "@/lib/money";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin"))("title") };
}

function Card({ label, hint, children }: { label: string; hint?: string; children: React.ReactNode }) {
  return (
    <section aria-label={label} className="rounded-xl border p-4">
      <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
      <div className="mt-1 text-2xl font-bold tabular-nums">{children}</div>
      {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
    </section>
  );
}

function Money({ money, locale, none }: { money: MoneyByCurrency; locale: string; none: string }) {
  // No revenue yet reads as zero in the currency the plans are charged in.
  if (money.length === 0) return <>{formatMoney(0, env().CURRENCY, locale)}</>;
  return (
    <>
      {money.map((m) => (
        <span key={m.currency || none} className="block">
          {formatMoney(m.amountMinor, m.currency, locale)}
        </span>
      ))}
    </>
  );
}

/** The dashboard: four figures and two charts, all from one set of aggregate queries. */
export default async function AdminDashboardPage() {
  const user = await requireAdminPage();
  const [t, locale, figures] = await Promise.all([getTranslations("admin"), getLocale(), readDashboardFigures()]);
  const number = new Intl.NumberFormat(locale === "pt" ? "pt-BR" : "en-US");
  const legend = ({ label, value, percent }: { label: string; value: number; percent: number }) =>
    t("charts.legend", { label, count: number.format(value), percent });
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeading title={t("title")}>{t("welcome", { name: user.name })}</PageHeading>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card label={t("cards.users")}>{number.format(figures.users)}</Card>
        <Card label={t("cards.courses")}>{number.format(figures.courses)}</Card>
        <Card label={t("cards.recurring")} hint={t("cards.recurringHint")}>
          <Money money={figures.recurring} locale={locale} none={t("cards.none")} />
        </Card>
        <Card label={t("cards.total")} hint={t("cards.totalHint")}>
          <Money money={figures.total} locale={locale} none={t("cards.none")} />
        </Card>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <DonutChart
          title={t("charts.usersTitle")}
          legend={legend}
          empty={t("charts.empty")}
          parts={[
            { label: t("charts.free"), value: figures.users - figures.paid, color: "#94a3b8" },
            { label: t("charts.paid"), value: figures.paid, color: "#2563eb" },
          ]}
        />
        <DonutChart
          title={t("charts.coursesTitle")}
          legend={legend}
          empty={t("charts.empty")}
          parts={[
            { label: t("charts.text"), value: figures.courses - figures.videoCourses, color: "#16a34a" },
            { label: t("charts.video"), value: figures.videoCourses, color: "#d97706" },
          ]}
        />
      </div>
    </div>
  );
}
