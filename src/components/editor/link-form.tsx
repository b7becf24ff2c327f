"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** A link's address and, optionally, its text (without it, the selection or the address becomes the link). */
export function LinkForm({
  url,
  text,
  onUrl,
  onText,
  onInsert,
}: {
  url: string;
  text: string;
  onUrl: (url: string) => void;
  onText: (text: string) => void;
  onInsert: () => void;
}) {
  const t = useTranslations("notes");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="min-w-48 flex-1">
        <Input
          aria-label={t("linkUrl")}
          placeholder={t("linkUrl")}
          value={url}
          onChange={(e) => onUrl(e.target.value)}
        />
      </div>
      <div className="min-w-32 flex-1">
        <Input
          aria-label={t("linkText")}
          placeholder={t("linkText")}
          value={text}
          onChange={(e) => onText(e.target.value)}
        />
      </div>
      <Button type="button" size="sm" onClick={onInsert}>
        {t("insert")}
      </Button>
    </div>
  );
}
