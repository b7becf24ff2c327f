"use client";

import { useTranslations } from "next-intl";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/**
 * A picture by its address or, with `allowBase64`, from a file (stored in the text as a data URL);
 * without it there is nowhere to keep a file, so no file can be chosen.
 */
export function ImageForm({
  url,
  onUrl,
  allowBase64,
  onInsertUrl,
  onFile,
}: {
  url: string;
  onUrl: (url: string) => void;
  allowBase64: boolean;
  onInsertUrl: () => void;
  onFile: (file: File | undefined) => void;
}) {
  const t = useTranslations("notes");
  const fileInput = React.useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="min-w-48 flex-1">
        <Input
          aria-label={t("imageUrl")}
          placeholder={t("imageUrl")}
          value={url}
          onChange={(e) => onUrl(e.target.value)}
        />
      </div>
      <Button type="button" size="sm" onClick={onInsertUrl}>
        {t("insert")}
      </Button>
      {allowBase64 ? (
        <>
          <Button type="button" size="sm" variant="outline" onClick={() => fileInput.current?.click()}>
            {t("chooseFile")}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-label={t("chooseFile")}
            tabIndex={-1}
            onChange={(e) => {
              onFile(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </>
      ) : null}
    </div>
  );
}
