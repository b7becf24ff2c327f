/**
 * Mails sent after the request are `mail.send` jobs (decision 020): a provider failing for a
 * while is tried again with the job engine's backoff and the mail goes once; a refusal fails
 * the job and the outbox row at once; a job whose worker died is taken over when its lease runs
 * out and the mail still goes once. Real database, the fake Resend API over HTTP.
 */
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { emailOutbox, jobs } from "@/server/db/schema";
import { sendMailInBackground, settleBackgroundMail } from "@/server/email/mailer";
import { recordMail } from "@/server/email/outbox";
import { renderMail } from "@/server/email/render";
import { settleJobs } from "@/server/jobs";
import { claimJobs, finishJob, insertJob } from "@/server/jobs/queries";
import { setMailSettings, useFakeResend } from "../setup/mail";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
// Also makes the job engine's retries a few milliseconds apart.
const resend = useFakeResend();
beforeEach(() => resend().reset());

const welcome = (to: string) => ({ to, locale: "en" as const, template: "welcome" as const, data: { name: "Ana" } });

async function mailTo(to: string) {
  const db = await getDb();
  const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
  const jobRows = mail ? await db.select().from(jobs).where(eq(jobs.subject, mail.id)) : [];
  return { mail, jobs: jobRows };
}

describe("a mail job", () => {
  it("is tried again after the request when the provider fails twice (500), and delivered once", async () => {
    resend().failNext(2, 500);
    const resetUrl = "http://localhost:3000/reset-password/secret-token-123";
    sendMailInBackground({
      to: "later@example.io",
      locale: "en",
      template: "password-reset",
      data: { name: "Rui", resetUrl, expiresInMinutes: 60 },
    });
    await settleBackgroundMail();

    expect(resend().requestCount()).toBe(3);
    const [received] = resend().emails("later@example.io");
    expect(resend().emails("later@example.io")).toHaveLength(1);
    expect(received.text).toContain("/reset-password/secret-token-123");
    const {
      mail,
      jobs: [job],
    } = await mailTo("later@example.io");
    expect(received.idempotencyKey).toBe(`mail-${mail.id}`);
    // Sent: the outbox keeps no body, so the reset link is nowhere in the database.
    expect(mail).toMatchObject({ status: "sent", attempts: 3, lastError: null, html: null, text: null });
    expect(job).toMatchObject({ kind: "mail.send", subject: mail.id, status: "succeeded", attempts: 3 });
    // The job never held the body or the link: it names the outbox row, which held them while waiting.
    expect(JSON.stringify(job)).not.toContain("secret-token-123");
  });

  it("fails at once on a refusal (422): the job keeps the error and the outbox row is marked failed", async () => {
    resend().failNext(1, 422);
    sendMailInBackground(welcome("refused@example.io"));
    await settleBackgroundMail();

    expect(resend().requestCount()).toBe(1);
    const {
      mail,
      jobs: [job],
    } = await mailTo("refused@example.io");
    expect(mail).toMatchObject({ status: "failed", attempts: 1, html: null, text: null });
    expect(mail.lastError).toMatch(/resend 422/);
    expect(job).toMatchObject({ status: "failed", attempts: 1 });
    expect(job.lastError?.message).toMatch(/resend 422/);
  });

  it("gives up after its last attempt while the provider keeps failing, and clears the body", async () => {
    resend().failNext(50, 503);
    sendMailInBackground(welcome("down@example.io"));
    await settleBackgroundMail();

    const {
      mail,
      jobs: [job],
    } = await mailTo("down@example.io");
    expect(job).toMatchObject({ status: "failed", attempts: 5 });
    expect(job.lastError?.message).toMatch(/resend 503/);
    expect(mail).toMatchObject({ status: "failed", attempts: 5, html: null, text: null });
    expect(resend().emails("down@example.io")).toHaveLength(0);
  });

  it("is taken over once the lease of a worker that died runs out, and the mail goes once", async () => {
    const to = "orphan@example.io";
    // What queueMail stores: the rendered mail in the outbox, and its job.
    const rendered = await renderMail(welcome(to), "en");
    const mailId = await recordMail(welcome(to), rendered, "resend");
    const { id: jobId } = await insertJob({ kind: "mail.send", subject: mailId, maxAttempts: 5 });
    // A worker claims it, hands the mail to the provider, and dies before recording anything.
    const [claimed] = await claimJobs({ owner: "dead-worker", limit: 1, leaseMs: 300, only: [jobId] });
    expect(claimed).toBeDefined();
    const handed = await fetch(`${resend().url}/emails`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${resend().apiKey}`,
        "content-type": "application/json",
        "idempotency-key": `mail-${mailId}`,
      },
      body: JSON.stringify({ from: "tests@aula.test", to: [to], subject: rendered.subject, text: rendered.text }),
    });
    expect(handed.status).toBe(200);

    await settleJobs(["mail.send"]);

    // The takeover sent it again with the same idempotency key: the provider delivered it once.
    expect(resend().requestCount()).toBe(2);
    expect(resend().emails(to)).toHaveLength(1);
    const {
      mail,
      jobs: [job],
    } = await mailTo(to);
    expect(job).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(mail).toMatchObject({ status: "sent", html: null, text: null });
    // The dead worker, had it woken, records nothing: the job is no longer its own.
    expect(await finishJob(jobId, "dead-worker", { status: "failed", error: { code: "x", message: "late" } })).toBe(
      false,
    );
  });

  it("needs no job without a provider: the dev outbox row is the delivery", async () => {
    setMailSettings({});
    sendMailInBackground(welcome("local@example.io"));
    await settleBackgroundMail();
    const { mail, jobs: none } = await mailTo("local@example.io");
    expect(mail).toMatchObject({ transport: "outbox", status: "sent" });
    expect(mail.text).toContain("Your account is ready");
    expect(none).toHaveLength(0);
    setMailSettings({
      RESEND_API_KEY: resend().apiKey,
      RESEND_BASE_URL: resend().url,
      EMAIL_FROM: "Aula Tests <tests@aula.test>",
    });
  });
});
