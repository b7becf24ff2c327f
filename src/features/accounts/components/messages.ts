import type en from "../../../../messages/en.json";

type AuthCatalog = (typeof en)["auth"];

/**
 * The auth forms get their strings from the server page as props, so the login page ships no
 * i18n runtime (its script budget is 150 kB gzip). `passwordRule` and `passwordShort` come
 * formatted with the one password rule (src/lib/password-rule.ts).
 */
export type AuthFormMessages<Form extends "login" | "signup"> = {
  form: AuthCatalog[Form];
  showPassword: string;
  hidePassword: string;
  passwordRule: string;
  passwordShort: string;
};
