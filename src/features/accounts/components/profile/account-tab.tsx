"use client";
import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PasswordInput } from "@/components/ui/password-input";
import { PASSWORD_MAX_LENGTH, PASSWORD_RULE_VALUES } from "@/lib/password-rule";
import { PasswordRuleHint } from "../password-rule-hint";
import { errorId, type ProfileErrors, type ProfileField } from "./profile-errors";
import type { ProfileFields } from "./profile-view";

/** The server asks for the current password when the e-mail (as it is stored) or the password changes. */
export function changesCredentials(fields: ProfileFields, storedEmail: string): boolean {
  return fields.password !== "" || fields.email.trim().toLowerCase() !== storedEmail;
}

/** The message under a field, which its input names with aria-describedby. */
function FieldError({ field, errors }: { field: ProfileField; errors: ProfileErrors }) {
  if (!errors[field]) return null;
  return (
    <p id={errorId(field)} className="text-sm text-destructive" data-testid={`${field}-error`}>
      {errors[field]}
    </p>
  );
}

/** aria-invalid and aria-describedby for a field: its message (when there is one) before its hint. */
function invalidProps(field: ProfileField, errors: ProfileErrors, hint?: string) {
  const described = [errors[field] ? errorId(field) : null, hint].filter(Boolean).join(" ");
  return { "aria-invalid": errors[field] ? true : undefined, "aria-describedby": described || undefined };
}

export function AccountTab({
  fields,
  errors,
  storedEmail,
  onChange,
  editing,
  saving,
  onSubmit,
}: {
  fields: ProfileFields;
  errors: ProfileErrors;
  storedEmail: string;
  onChange: (fields: ProfileFields) => void;
  editing: boolean;
  saving: boolean;
  onSubmit: () => void;
}) {
  const t = useTranslations("profile.account");
  const tAuth = useTranslations("auth");
  const disabled = !editing || saving;
  const needsCurrentPassword = editing && changesCredentials(fields, storedEmail);
  return (
    <Card className="p-6">
      <div className="mb-6 space-y-1">
        <h2 className="text-lg font-semibold">{t("title")}</h2>
        <p className="text-sm text-muted-foreground">{t("description")}</p>
      </div>
      <form
        noValidate
        className="grid gap-5 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (editing && !saving) onSubmit();
        }}
      >
        <div className="space-y-2">
          <Label htmlFor="profile-name">{t("name")}</Label>
          <Input
            id="profile-name"
            autoComplete="name"
            maxLength={100}
            required
            disabled={disabled}
            value={fields.name}
            onChange={(event) => onChange({ ...fields, name: event.target.value })}
            {...invalidProps("name", errors)}
          />
          <FieldError field="name" errors={errors} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="profile-email">{t("email")}</Label>
          <Input
            id="profile-email"
            type="email"
            autoComplete="email"
            maxLength={320}
            required
            disabled={disabled}
            value={fields.email}
            onChange={(event) => onChange({ ...fields, email: event.target.value })}
            {...invalidProps("email", errors)}
          />
          <FieldError field="email" errors={errors} />
        </div>
        <div className="space-y-2 sm:col-span-2">
          <Label htmlFor="profile-password">{t("newPassword")}</Label>
          <PasswordInput
            id="profile-password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            placeholder={t("passwordPlaceholder")}
            showLabel={tAuth("showPassword")}
            hideLabel={tAuth("hidePassword")}
            disabled={disabled}
            value={fields.password}
            onChange={(event) => onChange({ ...fields, password: event.target.value })}
            {...invalidProps("password", errors, "profile-password-rule profile-password-hint")}
          />
          <FieldError field="password" errors={errors} />
          <PasswordRuleHint id="profile-password-rule" text={tAuth("passwordRule", PASSWORD_RULE_VALUES)} />
          <p id="profile-password-hint" className="text-xs text-muted-foreground">
            {t("passwordHint")}
          </p>
        </div>
        {needsCurrentPassword && (
          <div className="space-y-2 sm:col-span-2">
            <Label htmlFor="profile-current-password">{t("currentPassword.label")}</Label>
            <PasswordInput
              id="profile-current-password"
              autoComplete="current-password"
              maxLength={256}
              required
              showLabel={tAuth("showPassword")}
              hideLabel={tAuth("hidePassword")}
              disabled={saving}
              value={fields.currentPassword}
              onChange={(event) => onChange({ ...fields, currentPassword: event.target.value })}
              {...invalidProps("currentPassword", errors, "profile-current-password-hint")}
            />
            <FieldError field="currentPassword" errors={errors} />
            <p id="profile-current-password-hint" className="text-xs text-muted-foreground">
              {t("currentPassword.hint")}
            </p>
          </div>
        )}
        {/* Enter in a field saves, as the header's Save button does. */}
        <button type="submit" hidden tabIndex={-1} aria-hidden />
      </form>
    </Card>
  );
}
