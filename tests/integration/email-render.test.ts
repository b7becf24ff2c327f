import { renderMail } from "@/server/email/render";
import type { MailMessage } from "@/server/email/templates/types";

const issuedAt = new Date("2025-03-04T10:20:00Z");

const samples: MailMessage[] = [
  { template: "welcome", data: { name: "Ana" } },
  {
    template: "password-reset",
    data: { name: "Ana", resetUrl: "http://localhost:3000/reset-password/tok123", expiresInMinutes: 60 },
  },
  { template: "password-updated", data: { name: "Ana", email: "ana@example.io", changedAt: issuedAt } },
  {
    template: "email-change-confirm",
    data: {
      name: "Ana",
      newEmail: "ana@new.io",
      confirmUrl: "http://localhost:3000/confirm-email/tok123",
      expiresInMinutes: 60,
    },
  },
  {
    template: "email-change-notice",
    data: { name: "Ana", email: "ana@example.io", newEmail: "ana@new.io", requestedAt: issuedAt },
  },
  {
    template: "certificate",
    data: {
      name: "Ana",
      courseTitle: "Rust Basics",
      certificateId: "CERT-42",
      certificateUrl: "http://localhost:3000/course/c1/certificate",
      issuedOn: "March 4, 2025",
    },
  },
  {
    template: "receipt",
    data: {
      name: "Ana",
      planName: "Monthly Plan",
      amountMinor: 4700,
      currency: "USD",
      method: "Stripe",
      reference: "pi_123",
      paidAt: issuedAt,
    },
  },
  {
    template: "contact-message",
    data: {
      name: "Ana",
      email: "ana@example.io",
      subject: "billing",
      message: "Where is my receipt?",
      receivedAt: issuedAt,
    },
  },
  {
    template: "class-assignment",
    data: {
      name: "Ana",
      className: "Physics 9B",
      courseTitle: "Tides",
      courseId: "c1",
      dueAt: new Date("2025-03-04T23:59:59Z"),
    },
  },
  {
    template: "editor-invitation",
    data: { name: null, inviterName: "Ana Autora", courseTitle: "Tides", token: "t".repeat(43) },
  },
  {
    template: "class-reminder",
    data: {
      name: "Ana",
      className: "Physics 9B",
      courseTitle: "Tides",
      courseId: "c1",
      dueAt: new Date("2025-03-04T23:59:59Z"),
    },
  },
];

/** What each template must say in each language (subject, and a phrase of its text part). */
const expected: Record<MailMessage["template"], { pt: [string, string]; en: [string, string] }> = {
  welcome: {
    pt: ["Boas-vindas ao Aula, Ana!", "Sua conta está pronta"],
    en: ["Welcome to Aula, Ana!", "Your account is ready"],
  },
  "password-reset": {
    pt: ["Redefina sua senha do Aula", "vale por 60 minutos"],
    en: ["Reset your Aula password", "valid for 60 minutes"],
  },
  "password-updated": {
    pt: ["Sua senha do Aula foi alterada", "foi alterada em 4 de março de 2025"],
    en: ["Your Aula password was changed", "was changed on March 4, 2025"],
  },
  "email-change-confirm": {
    pt: ["Confirme seu novo e-mail no Aula", "usar ana@new.io na sua conta"],
    en: ["Confirm your new Aula e-mail", "use ana@new.io for your Aula account"],
  },
  "email-change-notice": {
    pt: ["O e-mail da sua conta do Aula está sendo alterado", "ana@example.io passe a ser ana@new.io"],
    en: ["Your Aula e-mail is being changed", "ana@example.io was asked to change to ana@new.io"],
  },
  certificate: {
    pt: ["Seu certificado: Rust Basics", "ID do certificado: CERT-42"],
    en: ["Your certificate: Rust Basics", "Certificate ID: CERT-42"],
  },
  receipt: { pt: ["Seu recibo do Aula: Monthly Plan", "US$ 47,00"], en: ["Your Aula receipt: Monthly Plan", "$47.00"] },
  "contact-message": {
    pt: ["[Contato] Cobrança: Ana", "Where is my receipt?"],
    en: ["[Contact] Billing: Ana", "Ana (ana@example.io)"],
  },
  // The due date is the end of a day in UTC, shown as that day whatever the reader's time zone.
  "class-assignment": {
    pt: ["Novo curso na turma Physics 9B: Tides", "O prazo para concluí-lo, com o quiz, é 4 de março de 2025"],
    en: ["New course in Physics 9B: Tides", "Please finish it, quiz included, by March 4, 2025"],
  },
  "class-reminder": {
    pt: ["Lembrete: o prazo de Tides é 4 de março de 2025", "você ainda não foi aprovado no quiz"],
    en: ["Reminder: Tides is due March 4, 2025", "you have not passed its quiz yet"],
  },
  "editor-invitation": {
    pt: ["Ana Autora convidou você para ser coautor de “Tides”", "o sumário, as aulas e o questionário"],
    en: ["Ana Autora invited you to co-author “Tides”", "its outline, its lessons and its quiz"],
  },
};

describe("mail templates", () => {
  for (const sample of samples) {
    for (const locale of ["pt", "en"] as const) {
      it(`${sample.template} renders in ${locale} with an HTML and a plain-text part`, async () => {
        const mail = await renderMail(sample, locale);
        const [subject, phrase] = expected[sample.template][locale];
        expect(mail.subject).toBe(subject);
        expect(mail.html).toMatch(new RegExp(`<html[^>]*lang="${locale}"`));
        expect(mail.text).not.toMatch(/<[a-z]/i);
        expect(mail.text.replace(/\s+/g, " ")).toContain(phrase);
        expect(mail.links.length).toBeGreaterThan(0);
        for (const link of mail.links) {
          expect(mail.html).toContain(link);
          expect(mail.text).toContain(link);
        }
      });
    }
  }

  it("escapes data in the HTML part: a name cannot inject markup", async () => {
    const mail = await renderMail({ template: "welcome", data: { name: '<img src=x onerror="alert(1)">' } }, "en");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;img");
  });

  it("a class's assignment without a due date says so, and links to the course", async () => {
    const mail = await renderMail(
      {
        template: "class-assignment",
        data: { name: "Ana", className: "Physics 9B", courseTitle: "Tides", courseId: "c1", dueAt: null },
      },
      "en",
    );
    expect(mail.text).toContain("It has no due date");
    expect(mail.links).toEqual(["http://localhost:3000/course/c1"]);
  });

  it("links point at APP_URL", async () => {
    const mail = await renderMail({ template: "welcome", data: { name: "Ana" } }, "pt");
    expect(mail.links).toEqual(["http://localhost:3000/dashboard/generate-course"]);
  });
});
