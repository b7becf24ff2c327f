import "server-only";
import type * as React from "react";
import type { Locale } from "@/i18n/config";
import { DetailRows, MailLayout, Paragraph } from "./mail-layout";
import { formatMoney } from "@/lib/money";
import { contactSubjectLabel, formatMailDate, type EmailTranslator } from "./translator";
import type { MailTemplate, MailTemplateData } from "./types";
import { paths } from "@/lib/paths";

type Context = { locale: Locale; t: EmailTranslator; appUrl: string };
type Built = { subject: string; element: React.ReactElement; links: string[] };
type Builder<T extends MailTemplate> = (data: MailTemplateData[T], ctx: Context) => Built;

const url = (appUrl: string, path: string) => new URL(path, appUrl).toString();

const welcome: Builder<"welcome"> = ({ name }, { locale, t, appUrl }) => {
  const href = url(appUrl, paths.generateCourse());
  return {
    subject: t("welcome.subject", { name }),
    links: [href],
    element: (
      <MailLayout
        locale={locale}
        t={t}
        preview={t("welcome.preview")}
        heading={t("welcome.heading")}
        action={{ label: t("welcome.cta"), href }}
      >
        <Paragraph>{t("greeting", { name })}</Paragraph>
        <Paragraph>{t("welcome.body")}</Paragraph>
      </MailLayout>
    ),
  };
};

const passwordReset: Builder<"password-reset"> = ({ name, resetUrl, expiresInMinutes }, { locale, t }) => ({
  subject: t("passwordReset.subject"),
  links: [resetUrl],
  element: (
    <MailLayout
      locale={locale}
      t={t}
      preview={t("passwordReset.preview", { minutes: expiresInMinutes })}
      heading={t("passwordReset.heading")}
      action={{ label: t("passwordReset.cta"), href: resetUrl }}
    >
      <Paragraph>{t("greeting", { name })}</Paragraph>
      <Paragraph>{t("passwordReset.body", { minutes: expiresInMinutes })}</Paragraph>
      <Paragraph>{t("passwordReset.ignore")}</Paragraph>
    </MailLayout>
  ),
});

const passwordUpdated: Builder<"password-updated"> = ({ name, email, changedAt }, { locale, t, appUrl }) => {
  const href = url(appUrl, paths.forgotPassword());
  const date = formatMailDate(changedAt, locale, true);
  return {
    subject: t("passwordUpdated.subject"),
    links: [href],
    element: (
      <MailLayout
        locale={locale}
        t={t}
        preview={t("passwordUpdated.preview", { date })}
        heading={t("passwordUpdated.heading")}
        action={{ label: t("passwordUpdated.cta"), href }}
      >
        <Paragraph>{t("greeting", { name })}</Paragraph>
        <Paragraph>{t("passwordUpdated.body", { email, date })}</Paragraph>
        <Paragraph>{t("passwordUpdated.notYou")}</Paragraph>
      </MailLayout>
    ),
  };
};

const emailChangeConfirm: Builder<"email-change-confirm"> = (
  { name, newEmail, confirmUrl, expiresInMinutes },
  { locale, t },
) => ({
  subject: t("emailChangeConfirm.subject"),
  links: [confirmUrl],
  element: (
    <MailLayout
      locale={locale}
      t={t}
      preview={t("emailChangeConfirm.preview", { minutes: expiresInMinutes })}
      heading={t("emailChangeConfirm.heading")}
      action={{ label: t("emailChangeConfirm.cta"), href: confirmUrl }}
    >
      <Paragraph>{t("greeting", { name })}</Paragraph>
      <Paragraph>{t("emailChangeConfirm.body", { email: newEmail, minutes: expiresInMinutes })}</Paragraph>
      <Paragraph>{t("emailChangeConfirm.ignore")}</Paragraph>
    </MailLayout>
  ),
});

const emailChangeNotice: Builder<"email-change-notice"> = (
  { name, email, newEmail, requestedAt },
  { locale, t, appUrl },
) => {
  const href = url(appUrl, paths.forgotPassword());
  const date = formatMailDate(requestedAt, locale, true);
  return {
    subject: t("emailChangeNotice.subject"),
    links: [href],
    element: (
      <MailLayout
        locale={locale}
        t={t}
        preview={t("emailChangeNotice.preview", { newEmail })}
        heading={t("emailChangeNotice.heading")}
        action={{ label: t("emailChangeNotice.cta"), href }}
      >
        <Paragraph>{t("greeting", { name })}</Paragraph>
        <Paragraph>{t("emailChangeNotice.body", { email, newEmail, date })}</Paragraph>
        <Paragraph>{t("emailChangeNotice.notYou")}</Paragraph>
      </MailLayout>
    ),
  };
};

const certificate: Builder<"certificate"> = (data, { locale, t }) => {
  const course = data.courseTitle;
  return {
    subject: t("certificate.subject", { course }),
    links: [data.certificateUrl],
    element: (
      <MailLayout
        locale={locale}
        t={t}
        preview={t("certificate.preview", { course })}
        heading={t("certificate.heading", { name: data.name })}
        action={{ label: t("certificate.cta"), href: data.certificateUrl }}
      >
        <Paragraph>{t("certificate.body", { course, date: data.issuedOn })}</Paragraph>
        <Paragraph>{t("certificate.idLine", { id: data.certificateId })}</Paragraph>
      </MailLayout>
    ),
  };
};

const receipt: Builder<"receipt"> = (data, { locale, t, appUrl }) => {
  const amount = formatMoney(data.amountMinor, data.currency, locale);
  const href = url(appUrl, paths.dashboard());
  return {
    subject: t("receipt.subject", { plan: data.planName }),
    links: [href],
    element: (
      <MailLayout
        locale={locale}
        t={t}
        preview={t("receipt.preview", { amount })}
        heading={t("receipt.heading")}
        action={{ label: t("receipt.cta"), href }}
      >
        <Paragraph>{t("greeting", { name: data.name })}</Paragraph>
        <Paragraph>{t("receipt.body")}</Paragraph>
        <DetailRows
          rows={[
            [t("receipt.plan"), data.planName],
            [t("receipt.amount"), amount],
            [t("receipt.method"), data.method],
            [t("receipt.date"), formatMailDate(data.paidAt, locale)],
            [t("receipt.reference"), data.reference],
          ]}
        />
      </MailLayout>
    ),
  };
};

const contactMessage: Builder<"contact-message"> = (data, { locale, t, appUrl }) => {
  const href = url(appUrl, paths.admin("contacts"));
  const topic = contactSubjectLabel(data.subject, locale);
  return {
    subject: t("contactMessage.subject", { subject: topic, name: data.name }),
    links: [href],
    element: (
      <MailLayout
        locale={locale}
        t={t}
        preview={t("contactMessage.preview", { name: data.name })}
        heading={t("contactMessage.heading")}
        action={{ label: t("contactMessage.cta"), href }}
      >
        <DetailRows
          rows={[
            [t("contactMessage.from"), `${data.name} (${data.email})`],
            [t("contactMessage.topic"), topic],
            [t("contactMessage.date"), formatMailDate(data.receivedAt, locale, true)],
          ]}
        />
        <Paragraph>{data.message}</Paragraph>
      </MailLayout>
    ),
  };
};

const classAssignment: Builder<"class-assignment"> = (data, { locale, t, appUrl }) => {
  const href = url(appUrl, paths.course(data.courseId));
  const names = { className: data.className, course: data.courseTitle };
  return {
    subject: t("classAssignment.subject", names),
    links: [href],
    element: (
      <MailLayout
        locale={locale}
        t={t}
        preview={t("classAssignment.preview", names)}
        heading={t("classAssignment.heading")}
        action={{ label: t("classAssignment.cta"), href }}
      >
        <Paragraph>{t("greeting", { name: data.name })}</Paragraph>
        <Paragraph>{t("classAssignment.body", names)}</Paragraph>
        <Paragraph>
          {data.dueAt
            ? t("classAssignment.due", { date: formatMailDate(data.dueAt, locale) })
            : t("classAssignment.noDue")}
        </Paragraph>
        <Paragraph>{t("classMailsOff", names)}</Paragraph>
      </MailLayout>
    ),
  };
};

const classReminder: Builder<"class-reminder"> = (data, { locale, t, appUrl }) => {
  const href = url(appUrl, paths.course(data.courseId));
  const values = { className: data.className, course: data.courseTitle, date: formatMailDate(data.dueAt, locale) };
  return {
    subject: t("classReminder.subject", values),
    links: [href],
    element: (
      <MailLayout
        locale={locale}
        t={t}
        preview={t("classReminder.preview", values)}
        heading={t("classReminder.heading")}
        action={{ label: t("classReminder.cta"), href }}
      >
        <Paragraph>{t("greeting", { name: data.name })}</Paragraph>
        <Paragraph>{t("classReminder.body", values)}</Paragraph>
        <Paragraph>{t("classMailsOff", values)}</Paragraph>
      </MailLayout>
    ),
  };
};

const editorInvitation: Builder<"editor-invitation"> = (data, { locale, t, appUrl }) => {
  const href = url(appUrl, paths.editorInvitation(data.token));
  const values = { inviter: data.inviterName, course: data.courseTitle };
  return {
    subject: t("editorInvitation.subject", values),
    links: [href],
    element: (
      <MailLayout
        locale={locale}
        t={t}
        preview={t("editorInvitation.preview", values)}
        heading={t("editorInvitation.heading")}
        action={{ label: t("editorInvitation.cta"), href }}
      >
        <Paragraph>{data.name ? t("greeting", { name: data.name }) : t("editorInvitation.hello")}</Paragraph>
        <Paragraph>{t("editorInvitation.body", values)}</Paragraph>
        <Paragraph>{t("editorInvitation.account")}</Paragraph>
      </MailLayout>
    ),
  };
};

export const templateBuilders: { [T in MailTemplate]: Builder<T> } = {
  welcome,
  "password-reset": passwordReset,
  "password-updated": passwordUpdated,
  "email-change-confirm": emailChangeConfirm,
  "email-change-notice": emailChangeNotice,
  certificate,
  receipt,
  "contact-message": contactMessage,
  "class-assignment": classAssignment,
  "class-reminder": classReminder,
  "editor-invitation": editorInvitation,
};
