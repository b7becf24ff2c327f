"use client";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import type { Locale } from "@/i18n/config";

/** Stores the UI language in its cookie (and the account), then re-renders the page in it. */
export function useSetLocale() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const setLocale = (locale: Locale) =>
    startTransition(async () => {
      const response = await fetch("/api/locale", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ locale }),
      });
      if (response.ok) router.refresh();
    });
  return { setLocale, pending };
}
