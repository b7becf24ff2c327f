import "server-only";
import { getMessages, getTranslations } from "next-intl/server";
import { PASSWORD_RULE_VALUES } from "@/lib/password-rule";
import type { AuthFormMessages } from "./components/messages";

export async function authFormMessages<Form extends "login" | "signup">(form: Form): Promise<AuthFormMessages<Form>> {
  const { auth } = (await getMessages()) as unknown as { auth: Record<string, unknown> };
  const t = await getTranslations("auth");
  return {
    form: auth[form] as AuthFormMessages<Form>["form"],
    showPassword: auth.showPassword as string,
    hidePassword: auth.hidePassword as string,
    passwordRule: t("passwordRule", PASSWORD_RULE_VALUES),
    passwordShort: t("passwordShort", PASSWORD_RULE_VALUES),
  };
}
