import "server-only";
import type { Locale } from "@/i18n/config";

/**
 * Every transactional mail the app sends and the data each one needs. The certificate and
 * receipt mails are sent by the certificates and payments features; their shapes live here so
 * those features and the templates agree.
 */
export type MailTemplateData = {
  welcome: { name: string };
  "password-reset": { name: string; resetUrl: string; expiresInMinutes: number };
  "password-updated": { name: string; email: string; changedAt: Date };
  /** To the new address: the link that makes it the account's e-mail. */
  "email-change-confirm": { name: string; newEmail: string; confirmUrl: string; expiresInMinutes: number };
  /** To the current address: someone asked to move the account to another e-mail. */
  "email-change-notice": { name: string; email: string; newEmail: string; requestedAt: Date };
  certificate: {
    name: string;
    courseTitle: string;
    /** The certificate's public id: anyone can verify it with this. */
    certificateId: string;
    certificateUrl: string;
    /** The certificate's date as the certificate itself reads it (the quiz feature's certificateDate). */
    issuedOn: string;
  };
  receipt: {
    name: string;
    planName: string;
    /** Money in minor units (cents) with its ISO currency, as payments store it. */
    amountMinor: number;
    currency: string;
    /** The payment method shown to the user, e.g. "Stripe". */
    method: string;
    /** The provider's payment or subscription reference. */
    reference: string;
    paidAt: Date;
  };
  /** To a class's learner who keeps its mails on: a course was given to the class (src/features/classes). */
  "class-assignment": {
    name: string;
    className: string;
    courseTitle: string;
    courseId: string;
    /** The due date when it has one: the end of a calendar day in UTC, shown in UTC (decision 039). */
    dueAt: Date | null;
  };
  /** To a class's learner who has not passed the course's quiz, a day before its due date. */
  "class-reminder": { name: string; className: string; courseTitle: string; courseId: string; dueAt: Date };
  /**
   * To an address the owner of a course invited to co-author it (issue 35): the link accepts.
   * `name` is the account's when the address is one's; `token` is the link's secret.
   */
  "editor-invitation": { name: string | null; inviterName: string; courseTitle: string; token: string };
  /** To CONTACT_NOTIFY_EMAIL: a visitor's message from the contact form (it is stored first). */
  "contact-message": { name: string; email: string; subject: string; message: string; receivedAt: Date };
};

export type MailTemplate = keyof MailTemplateData;

/** A mail to render: one template, its data, in the recipient's UI language. */
export type MailMessage = {
  [T in MailTemplate]: { template: T; data: MailTemplateData[T] };
}[MailTemplate];

export type RenderedMail = {
  subject: string;
  html: string;
  text: string;
  /** Every link in the mail, for the dev outbox's log line. */
  links: string[];
  locale: Locale;
};
