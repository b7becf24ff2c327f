import { getLocale, getTranslations } from "next-intl/server";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { requireAdminPage } from "@/server/auth/session";
import { formatDateTime } from "../page-params";
import { readPolicies } from "../service";
import type { PolicyKind } from "../schemas";
import { PageHeading } from "./list-controls";
import { PolicyEditor } from "./policy-editor";
import { paths } from "@/lib/paths";

/** The admin's page for one policy, and the public page that shows it (issue 14's routes). */
export const POLICY_PAGES = {
  terms: { kind: "terms", titleKey: "terms", publicPath: paths.policy("terms") },
  privacy: { kind: "privacy", titleKey: "privacy", publicPath: paths.policy("privacy") },
  cancellation: { kind: "cancel", titleKey: "cancellation", publicPath: paths.policy("cancel") },
  refund: { kind: "refund", titleKey: "refund", publicPath: paths.policy("refund") },
  "subscription-billing": {
    kind: "billing",
    titleKey: "subscriptionBilling",
    publicPath: paths.policy("billing"),
  },
} as const satisfies Record<string, { kind: PolicyKind; titleKey: string; publicPath: string }>;

export async function PolicyPage({ page }: { page: keyof typeof POLICY_PAGES }) {
  await requireAdminPage();
  const { kind, titleKey, publicPath } = POLICY_PAGES[page];
  const [t, uiLocale, rows] = await Promise.all([getTranslations("admin"), getLocale(), readPolicies()]);
  const locale = uiLocale === "en" ? "en" : "pt";
  const row = (l: "pt" | "en") => rows.find((r) => r.kind === kind && r.locale === l);
  const saved = row(locale);
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <PageHeading title={t(titleKey)}>
        <p>{t("policy.intro")}</p>
        <p className="text-sm">
          {saved ? t("policy.updatedAt", { date: formatDateTime(saved.updatedAt, uiLocale) }) : t("policy.neverSaved")}
        </p>
      </PageHeading>
      <a href={publicPath} className="text-sm text-primary underline" target="_blank" rel="noopener">
        {t("policy.viewPublic")}
      </a>
      <ScopedIntlBoundary namespaces={["admin", "notes", "common"]}>
        <PolicyEditor
          kind={kind}
          policyName={t(titleKey)}
          texts={{ pt: row("pt")?.html ?? "", en: row("en")?.html ?? "" }}
          initialLocale={locale}
        />
      </ScopedIntlBoundary>
    </div>
  );
}
