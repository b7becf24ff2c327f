"use client";
import { notify } from "@/components/notify";
import { CreditCardIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { PasswordInput } from "@/components/ui/password-input";
import { postForAnswer } from "@/lib/http/post-json";
import { clearOfflineStorage } from "@/lib/offline-storage";
import { paths } from "@/lib/paths";

/** A subscription a provider may still charge, which deleting the account cancels there first. */
export type EndingSubscription = { plan: "monthly" | "yearly"; provider: string };

/** Refusals of POST /api/deleteuser about the password: told under its field, which takes the focus. */
const PASSWORD_CODES = new Set([
  "profile:current-password-required",
  "profile:current-password-wrong",
  "profile:current-password-rate-limited",
]);

const PASSWORD_ID = "delete-account-password";
const PASSWORD_ERROR_ID = `${PASSWORD_ID}-error`;
const PASSWORD_HINT_ID = `${PASSWORD_ID}-hint`;

/**
 * Settings → Delete Profile: asks for the current password and says what ends with the account,
 * including each paid plan, cancelled at its provider first so it is not charged again. The
 * dialog stays open while the server works and after a refusal, which it shows inside (a wrong
 * password under the field; a provider that could not cancel, or an admin, above the buttons),
 * so nothing is lost and the user can try again or cancel.
 */
export function DeleteAccountDialog({ userId, ending }: { userId: string; ending: EndingSubscription[] }) {
  const t = useTranslations("profile");
  const tAuth = useTranslations("auth");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Each refusal, and where the focus goes after it: a new object every time, so a second refusal
  // moves the focus again.
  const [refused, setRefused] = useState<{ focus: "password" | "submit" } | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  // After React has drawn the refusal and enabled the controls again (a disabled field cannot
  // take the focus): the field is then announced with its message, or the button to try again.
  useEffect(() => {
    if (refused) (refused.focus === "password" ? passwordRef : submitRef).current?.focus();
  }, [refused]);

  function openChange(next: boolean) {
    if (busy) return;
    setOpen(next);
    if (!next) {
      // Closed: the next opening starts clean, with no password kept in memory.
      setPassword("");
      setPasswordError(null);
      setRefusal(null);
      setRefused(null);
    }
  }

  function refusePassword(message: string) {
    setPasswordError(message);
    setRefused({ focus: "password" });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setRefusal(null);
    if (!password) {
      refusePassword(t("settings.passwordRequired"));
      return;
    }
    setPasswordError(null);
    setBusy(true);
    try {
      const { ok, data } = await postForAnswer<{ success?: boolean; message?: string; code?: string }>(
        "/api/deleteuser",
        { userId, currentPassword: password },
      );
      if (!ok) {
        const message = data?.message ?? t("failed");
        if (data?.code && PASSWORD_CODES.has(data.code)) refusePassword(message);
        else {
          setRefusal(message);
          setRefused({ focus: "submit" });
        }
        return;
      }
      // The account's session ended with it, and so do its offline copies (as at sign-out).
      await clearOfflineStorage().catch(() => undefined);
      setOpen(false);
      notify.success(t("settings.deleted"));
      router.replace(paths.home());
      router.refresh();
    } catch {
      setRefusal(t("failed"));
      setRefused({ focus: "submit" });
    } finally {
      setBusy(false);
    }
  }

  const describedBy = [passwordError ? PASSWORD_ERROR_ID : null, PASSWORD_HINT_ID].filter(Boolean).join(" ");
  return (
    <AlertDialog open={open} onOpenChange={openChange}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">
          <Trash2Icon aria-hidden />
          {t("settings.deleteButton")}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        // The password is what the user came to type: the focus starts there, not on Cancel.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          passwordRef.current?.focus();
        }}
      >
        <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("settings.confirmTitle")}</AlertDialogTitle>
            <AlertDialogDescription asChild>
              <div className="space-y-3">
                <p>{t("settings.confirmText")}</p>
                {ending.map((subscription, index) => (
                  <p
                    key={index}
                    className="flex gap-2 rounded-md border bg-muted/40 p-3 text-start text-foreground"
                    data-testid="delete-plan-ends"
                  >
                    <CreditCardIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
                    <span>{t("settings.planEnds", subscription)}</span>
                  </p>
                ))}
              </div>
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="space-y-2">
            <Label htmlFor={PASSWORD_ID}>{t("settings.passwordLabel")}</Label>
            <PasswordInput
              ref={passwordRef}
              id={PASSWORD_ID}
              autoComplete="current-password"
              maxLength={256}
              required
              showLabel={tAuth("showPassword")}
              hideLabel={tAuth("hidePassword")}
              disabled={busy}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setPasswordError(null);
              }}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={describedBy}
            />
            {passwordError && (
              <p id={PASSWORD_ERROR_ID} className="text-sm text-destructive">
                {passwordError}
              </p>
            )}
            <p id={PASSWORD_HINT_ID} className="text-xs text-muted-foreground">
              {t("settings.passwordHint")}
            </p>
          </div>
          {refusal && (
            <p role="alert" className="text-sm text-destructive" data-testid="delete-refusal">
              {refusal}
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>{t("cancel")}</AlertDialogCancel>
            <Button ref={submitRef} type="submit" variant="destructive" disabled={busy}>
              {busy ? t("settings.deleting") : t("settings.confirmDelete")}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
