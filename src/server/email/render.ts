import "server-only";
import { render } from "@react-email/components";
import type { Locale } from "@/i18n/config";
import { env } from "@/server/env";
import { templateBuilders } from "./templates";
import { emailTranslator } from "./templates/translator";
import type { MailMessage, MailTemplate, MailTemplateData, RenderedMail } from "./templates/types";

/**
 * A mail header's text on one line. Subjects carry what people typed (a contact form's name); a
 * line break in one would end the header and let the rest be read as headers of the sender's
 * choosing (`\r\nBcc: …`), whatever the transport does with it.
 */
function headerText(value: string): string {
  return value.replace(/\s*[\r\n\u2028\u2029]+\s*/g, " ").trim();
}

/** Renders a mail in the recipient's language: subject (one line), HTML and its plain-text part. */
export async function renderMail(message: MailMessage, locale: Locale): Promise<RenderedMail> {
  const build = templateBuilders[message.template] as (
    data: MailTemplateData[MailTemplate],
    ctx: Parameters<(typeof templateBuilders)["welcome"]>[1],
  ) => ReturnType<(typeof templateBuilders)["welcome"]>;
  const { subject, element, links } = build(message.data, {
    locale,
    t: emailTranslator(locale),
    appUrl: env().APP_URL,
  });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: headerText(subject), html, text, links, locale };
}
