"use client";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import * as React from "react";
import type { NotesEditorHandle } from "@/components/editor/rich-text-editor";
import { notify } from "@/components/notify";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { postForAnswer } from "@/lib/http/post-json";

const RichTextEditor = dynamic(() => import("@/components/editor/rich-text-editor").then((m) => m.NotesEditor), {
  ssr: false,
  loading: () => <Skeleton className="h-72 w-full" />,
});

type Locale = "pt" | "en";

/**
 * One policy's editor: the admin picks the text's language (pt or en) and saves that one.
 * Switching language keeps what was typed in the other, unsaved, until the page is left.
 */
export function PolicyEditor({
  kind,
  policyName,
  texts,
  initialLocale,
}: {
  kind: "terms" | "privacy" | "cancel" | "refund" | "billing";
  policyName: string;
  texts: Record<Locale, string>;
  initialLocale: Locale;
}) {
  const t = useTranslations("admin");
  const tc = useTranslations("common");
  const router = useRouter();
  const [locale, setLocale] = React.useState<Locale>(initialLocale);
  const [drafts, setDrafts] = React.useState<Record<Locale, string>>(texts);
  const [saving, setSaving] = React.useState(false);
  const editor = React.useRef<NotesEditorHandle>(null);

  const switchTo = (next: Locale) => {
    if (next === locale) return;
    const typed = editor.current?.getHtml();
    if (typed !== undefined) setDrafts((d) => ({ ...d, [locale]: typed }));
    setLocale(next);
  };

  const save = async () => {
    const html = editor.current?.getHtml() ?? drafts[locale];
    setSaving(true);
    try {
      const { ok, data } = await postForAnswer<{ message?: string }>("/api/saveadmin", {
        type: kind,
        data: html,
        locale,
      });
      if (!ok) {
        notify.error(tc("errorTitle"), data?.message ?? tc("internalError"));
        return;
      }
      setDrafts((d) => ({ ...d, [locale]: html }));
      notify.success(t("policy.saved"));
      router.refresh();
    } catch {
      notify.error(tc("errorTitle"), tc("internalError"));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="space-y-3">
      <fieldset className="flex flex-wrap items-center gap-4">
        <legend className="mb-1 text-sm font-medium">{t("policy.language")}</legend>
        {(["pt", "en"] as const).map((l) => (
          <label key={l} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`policy-locale-${kind}`}
              value={l}
              checked={locale === l}
              onChange={() => switchTo(l)}
              className="size-4"
            />
            {t(`locales.${l}`)}
          </label>
        ))}
      </fieldset>
      <div className="flex min-h-72 flex-col">
        <RichTextEditor
          key={locale}
          initialHtml={drafts[locale]}
          onDirty={() => {}}
          handle={editor}
          placeholder={t("editorPlaceholder")}
          testId="policy-editor"
          label={t("policy.editorLabel", { policy: policyName, language: t(`locales.${locale}`) })}
        />
      </div>
      <Button type="button" onClick={save} disabled={saving}>
        {t("policy.save")}
      </Button>
    </div>
  );
}
