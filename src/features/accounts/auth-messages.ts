import "server-only";
import { getMessages } from "next-intl/server";
import type { AuthFormMessages } from "./components/messages";

export async function authFormMessages<Form extends "login" | "signup">(form: Form): Promise<AuthFormMessages<Form>> {
  const { auth } = (await getMessages()) as unknown as { auth: Record<string, unknown> };
  return {
    form: auth[form] as AuthFormMessages<Form>["form"],
    showPassword: auth.showPassword as string,
    hidePassword: auth.hidePassword as string,
  };
}
