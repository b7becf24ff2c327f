"use client";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";
import { passwordScore, passwordStrength } from "../password-strength";

const bar = { weak: "bg-red-500", medium: "bg-amber-500", strong: "bg-green-600" } as const;
const label = {
  weak: "text-red-600 dark:text-red-400",
  medium: "text-amber-600 dark:text-amber-400",
  strong: "text-green-700 dark:text-green-400",
} as const;

/** The SPEC's meter: shown once text is typed; red under 40, amber under 80, green from 80. */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const t = useTranslations("reset");
  if (!password) return null;
  const score = passwordScore(password);
  const strength = passwordStrength(score);
  return (
    <div id={id} className="space-y-1.5" data-strength={strength}>
      <div
        role="meter"
        aria-label={t("strengthLabel")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={t(strength)}
        className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn("h-full rounded-full transition-[width] duration-300", bar[strength])}
          style={{ width: `${score}%` }}
        />
      </div>
      <div className="flex items-center justify-between gap-2 text-xs">
        <span className="text-muted-foreground">{t("strengthLabel")}</span>
        <span className={cn("font-medium", label[strength])} aria-live="polite">
          {t(strength)}
        </span>
      </div>
    </div>
  );
}
