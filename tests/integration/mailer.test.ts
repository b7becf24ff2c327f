import { and, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { emailOutbox } from "@/server/db/schema";
import { sendMail } from "@/server/email/mailer";
import { logger } from "@/server/logger";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server.mjs";
import { setMailSettings, useFakeResend } from "../setup/mail";
import { useTestDatabase } from "../setup/test-db";
import { waitFor } from "../setup/wait";

useTestDatabase();

async function outboxRow(id: string) {
  const [row] = await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

const welcome = (to: string) => ({ to, locale: "en" as const, template: "welcome" as const, data: { name: "Ana" } });

describe("sending through Resend (the fake Resend API)", () => {
  const resend = useFakeResend();
  beforeEach(() => resend().reset());

  it("posts the mail with the sender, both parts, and records it as sent", async () => {
    const result = await sendMail(welcome("ana@example.io"));
    expect(result).toMatchObject({ status: "sent", attempts: 1 });
    const [received] = resend().emails("ana@example.io");
    expect(received).toMatchObject({
      from: "Aula Tests <tests@aula.test>",
      to: ["ana@example.io"],
      subject: "Welcome to Aula, Ana!",
    });
    expect(received.html).toContain("Welcome to Aula!");
    expect(received.text).toContain("Your account is ready");
    expect(received.idempotencyKey).toBe(`mail-${result.id}`);
    expect(await outboxRow(result.id)).toMatchObject({
      transport: "resend",
      status: "sent",
      attempts: 1,
      lastError: null,
      template: "welcome",
    });
  });

  it("carries attachments (the certificate's picture)", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const result = await sendMail({
      ...welcome("pic@example.io"),
      attachments: [{ filename: "certificate.png", content: png, contentType: "image/png" }],
    });
    expect(result.status).toBe("sent");
    const [received] = resend().emails("pic@example.io");
    expect(received.attachments).toEqual([
      { filename: "certificate.png", contentType: "image/png", bytes: png.length },
    ]);
  });

  it("keeps no body once the mail is sent: a reset link does not stay in the database", async () => {
    const result = await sendMail({
      to: "reset@example.io",
      locale: "en",
      template: "password-reset",
      data: { name: "Rui", resetUrl: "http://localhost:3000/reset-password/live-token", expiresInMinutes: 60 },
    });
    expect(result.status).toBe("sent");
    expect(resend().emails("reset@example.io")[0].text).toContain("/reset-password/live-token");
    expect(await outboxRow(result.id)).toMatchObject({
      status: "sent",
      subject: "Reset your Aula password",
      html: null,
      text: null,
    });
  });

  it("keeps the body while a failed mail waits for its retry, and clears it when the mail is given up", async () => {
    resend().failNext(10, 503);
    const sending = sendMail(welcome("waiting@example.io"));
    const db = await getDb();
    // Between the attempts (300 ms, then 1200 ms) the row is pending and still holds what is to be sent.
    let waiting: Awaited<ReturnType<typeof outboxRow>> | undefined;
    await waitFor(async () => {
      [waiting] = await db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, "waiting@example.io"), eq(emailOutbox.attempts, 1)));
      return waiting !== undefined;
    }, "the first attempt to fail");
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting?.html).toContain("Welcome to Aula!");
    expect(waiting?.text).toContain("Your account is ready");

    const result = await sending;
    expect(result).toMatchObject({ status: "failed", attempts: 3 });
    expect(await outboxRow(result.id)).toMatchObject({ status: "failed", html: null, text: null });
  });

  it("retries a transient failure with the same idempotency key and sends the mail once", async () => {
    resend().failNext(1, 503);
    const result = await sendMail(welcome("retry@example.io"));
    expect(result).toMatchObject({ status: "sent", attempts: 2 });
    expect(resend().requestCount()).toBe(2);
    expect(resend().emails("retry@example.io")).toHaveLength(1);
  });

  it("gives up after three attempts and records the failure", async () => {
    resend().failNext(10, 500);
    const started = Date.now();
    const result = await sendMail(welcome("down@example.io"));
    expect(result).toMatchObject({ status: "failed", attempts: 3 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400); // the backoff waited between attempts
    const row = await outboxRow(result.id);
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(row.lastError).toMatch(/resend 500/);
    expect(resend().emails("down@example.io")).toHaveLength(0);
  });

  it("does not retry a refusal that will not change (422)", async () => {
    resend().failNext(1, 422);
    const result = await sendMail(welcome("bad@example.io"));
    expect(result).toMatchObject({ status: "failed", attempts: 1 });
    expect(resend().requestCount()).toBe(1);
    expect(await outboxRow(result.id)).toMatchObject({ status: "failed", html: null, text: null });
  });

  it("fails cleanly when the API key is wrong", async () => {
    setMailSettings({ RESEND_API_KEY: "re_wrong", RESEND_BASE_URL: resend().url });
    const result = await sendMail(welcome("key@example.io"));
    expect(result.status).toBe("failed");
    expect((await outboxRow(result.id)).lastError).toMatch(/resend 403/);
    setMailSettings({
      RESEND_API_KEY: resend().apiKey,
      RESEND_BASE_URL: resend().url,
      EMAIL_FROM: "Aula Tests <tests@aula.test>",
    });
  });
});

describe("without a provider: the dev outbox", () => {
  beforeAll(() => setMailSettings({}));

  it("keeps the mail in email_outbox and logs its subject and links", async () => {
    const info = jest.spyOn(logger, "info");
    const result = await sendMail({
      to: "local@example.io",
      locale: "pt",
      template: "password-reset",
      data: { name: "Lu", resetUrl: "http://localhost:3000/reset-password/abc", expiresInMinutes: 60 },
    });
    const row = await outboxRow(result.id);
    expect(row).toMatchObject({
      transport: "outbox",
      status: "sent",
      to: "local@example.io",
      subject: "Redefina sua senha do Aula",
    });
    expect(row.text).toContain("http://localhost:3000/reset-password/abc"); // here the row is the delivery: its body stays
    expect(row.html).toContain("http://localhost:3000/reset-password/abc");
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({
        subject: "Redefina sua senha do Aula",
        links: ["http://localhost:3000/reset-password/abc"],
      }),
      "mail kept in the dev outbox",
    );
    info.mockRestore();
  });
});

describe("through SMTP (SMTP_URL)", () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    setMailSettings({ SMTP_URL: smtp.url, EMAIL_FROM: "Aula <mail@aula.test>" });
  });
  afterAll(async () => {
    setMailSettings({});
    await smtp.close();
  });

  it("delivers a multipart mail with the text and HTML parts", async () => {
    const result = await sendMail(welcome("smtp@example.io"));
    expect(result).toMatchObject({ status: "sent", attempts: 1 });
    const [message] = smtp.messages();
    expect(message.from).toBe("mail@aula.test");
    expect(message.to).toEqual(["smtp@example.io"]);
    expect(message.raw).toMatch(/Subject: Welcome to Aula, Ana!/);
    expect(message.raw).toMatch(/multipart\/alternative/);
    expect(message.raw).toMatch(/text\/plain/);
    expect(message.raw).toMatch(/text\/html/);
    expect(await outboxRow(result.id)).toMatchObject({ transport: "smtp", html: null, text: null });
  });

  it("retries a 4xx reply and gives up at once on a 5xx", async () => {
    smtp.failNext(1, 451);
    expect(await sendMail(welcome("later@example.io"))).toMatchObject({ status: "sent", attempts: 2 });
    smtp.failNext(1, 550);
    const refused = await sendMail(welcome("never@example.io"));
    expect(refused).toMatchObject({ status: "failed", attempts: 1 });
    expect((await outboxRow(refused.id)).lastError).toMatch(/smtp 550/);
  });
});
