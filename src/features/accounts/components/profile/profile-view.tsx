"use client";
import { notify } from "@/components/notify";
import { CreditCardIcon, PencilIcon, SaveIcon, SettingsIcon, UserIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type * as React from "react";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { isPaidPlan } from "@/features/plans/client";
import { postForAnswer } from "@/lib/http/post-json";
import { PASSWORD_RULE_VALUES, passwordProblem } from "@/lib/password-rule";
import { AccountTab, changesCredentials } from "./account-tab";
import { PendingEmailNotice } from "./pending-email-notice";
import { fieldId, fieldOfProfileError, firstInvalid, type ProfileErrors } from "./profile-errors";
import type { EndingSubscription } from "./delete-account-dialog";
import { SettingsTab } from "./settings-tab";

export type ProfileUser = { id: string; name: string; email: string; plan: "free" | "monthly" | "yearly" };

export type ProfileFields = { name: string; email: string; password: string; currentPassword: string };

/** /dashboard/profile: "My Profile" with Edit Profile / Save, the plan badge and three tabs. */
export function ProfileView({
  user,
  billing,
  initialTab = "account",
  pendingEmail,
  endingOnDeletion = [],
}: {
  user: ProfileUser;
  billing: React.ReactNode;
  initialTab?: string;
  /** The new e-mail waiting for its link, if any (read on the server). */
  pendingEmail?: string | null;
  /** The subscriptions deleting the account cancels at their providers (read on the server). */
  endingOnDeletion?: EndingSubscription[];
}) {
  const t = useTranslations("profile");
  const tAuth = useTranslations("auth");
  const router = useRouter();
  const [tab, setTab] = useState(initialTab);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const stored: ProfileFields = { name: user.name, email: user.email, password: "", currentPassword: "" };
  const [fields, setFields] = useState<ProfileFields>(stored);
  const [errors, setErrors] = useState<ProfileErrors>({});
  // Bumped by each refused save, so the focus moves to the first invalid field every time.
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    const first = firstInvalid(errors);
    if (first) document.getElementById(fieldId(first))?.focus();
    // Only a new refusal moves the focus, not the errors clearing as the user types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusals]);

  /** Shows the messages under their fields (the Account tab, where they are) and focuses the first. */
  function refuse(found: ProfileErrors) {
    setErrors(found);
    setTab("account");
    setRefusals((n) => n + 1);
  }

  /** An edit clears that field's message: it was about the old value. */
  function change(next: ProfileFields) {
    setErrors((current) => {
      const kept = { ...current };
      for (const key of Object.keys(current) as (keyof ProfileFields)[])
        if (next[key] !== fields[key]) delete kept[key];
      return kept;
    });
    setFields(next);
  }

  function startEditing() {
    setTab("account");
    setEditing(true);
  }

  function cancel() {
    setFields(stored);
    setErrors({});
    setEditing(false);
  }

  async function save() {
    const name = fields.name.trim();
    const email = fields.email.trim();
    // Each message under its field, not a toast: on a phone a toast covered the heading and Save.
    const found: ProfileErrors = {};
    if (!name) found.name = t("nameRequired");
    if (!email) found.email = t("emailRequired");
    if (fields.password && passwordProblem(fields.password) === "short")
      found.password = tAuth("passwordShort", PASSWORD_RULE_VALUES);
    if (firstInvalid(found)) {
      refuse(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const body = { mName: name, email, password: fields.password, uid: user.id };
      const { ok, data } = await postForAnswer<{
        success?: boolean;
        message?: string;
        code?: string;
        pendingEmail?: string;
      }>(
        "/api/profile",
        changesCredentials(fields, user.email) ? { ...body, currentPassword: fields.currentPassword } : body,
      );
      if (!ok) {
        const field = fieldOfProfileError(data?.code, fields);
        if (field) refuse({ [field]: data?.message ?? t("failed") });
        else notify.error(t("errorTitle"), data?.message ?? t("failed"));
        return;
      }
      if (data?.pendingEmail)
        notify.success(t("emailChange.pendingTitle"), t("emailChange.pending", { email: data.pendingEmail }));
      else notify.success(t("updated"));
      // A new e-mail waits for its link: the form shows the stored one until then.
      setFields({ name, email: data?.pendingEmail ? user.email : email, password: "", currentPassword: "" });
      setEditing(false);
      // The sidebar is rendered on the server: refresh it so it shows the new name at once.
      router.refresh();
    } catch {
      notify.error(t("errorTitle"), t("failed"));
    } finally {
      setSaving(false);
    }
  }

  const paid = isPaidPlan(user.plan);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
          <Badge variant={paid ? "default" : "success"} data-testid="plan-badge">
            {paid ? t("activePaid") : t("activeFree")}
          </Badge>
        </div>
        <div className="flex gap-2">
          {editing && (
            <Button variant="ghost" onClick={cancel} disabled={saving}>
              {t("cancel")}
            </Button>
          )}
          {/* Two buttons with their own keys: the click that starts editing can never also submit. */}
          {editing ? (
            <Button key="save" onClick={save} disabled={saving}>
              <SaveIcon aria-hidden />
              {saving ? t("saving") : t("save")}
            </Button>
          ) : (
            <Button key="edit" variant="outline" onClick={startEditing}>
              <PencilIcon aria-hidden />
              {t("edit")}
            </Button>
          )}
        </div>
      </div>
      {pendingEmail && <PendingEmailNotice newEmail={pendingEmail} currentEmail={user.email} />}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={t("tabs.label")}>
          <TabsTrigger value="account">
            <UserIcon aria-hidden />
            {t("tabs.account")}
          </TabsTrigger>
          <TabsTrigger value="settings">
            <SettingsIcon aria-hidden />
            {t("tabs.settings")}
          </TabsTrigger>
          <TabsTrigger value="billing">
            <CreditCardIcon aria-hidden />
            {t("tabs.billing")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="account">
          <AccountTab
            fields={fields}
            storedEmail={user.email}
            errors={errors}
            onChange={change}
            editing={editing}
            saving={saving}
            onSubmit={save}
          />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab userId={user.id} ending={endingOnDeletion} />
        </TabsContent>
        <TabsContent value="billing">{billing}</TabsContent>
      </Tabs>
    </div>
  );
}
