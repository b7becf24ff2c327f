/**
 * Mail settings for a test file: the fake Resend server (tests/fakes/resend-server.mjs) reached
 * through RESEND_BASE_URL, as a deployer would point the app at Resend, or no provider at all.
 */
import { resetEnvForTests } from "@/server/env";
import { startFakeResend, type FakeResend } from "../fakes/resend-server.mjs";

const MAIL_SETTINGS = ["RESEND_API_KEY", "RESEND_BASE_URL", "SMTP_URL", "EMAIL_FROM"] as const;

/** Replaces the mail settings (unset ones are removed) and makes env() read them again. */
export function setMailSettings(values: Partial<Record<(typeof MAIL_SETTINGS)[number], string>>): void {
  for (const key of MAIL_SETTINGS) {
    if (values[key] === undefined) delete process.env[key];
    else process.env[key] = values[key];
  }
  resetEnvForTests();
}

/**
 * The fake Resend as the file's provider. Mails go through `mail.send` jobs, retried with the
 * job engine's backoff: a few milliseconds here, not the default 5 s, 10 s…, so a test whose
 * provider keeps failing settles (settleBackgroundMail) within a second.
 */
export function useFakeResend(): () => FakeResend {
  let fake: FakeResend | undefined;
  const savedRetryBase = process.env.JOBS_RETRY_BASE_MS;
  beforeAll(async () => {
    fake = await startFakeResend({ apiKey: "re_test_integration" });
    process.env.JOBS_RETRY_BASE_MS = "20";
    setMailSettings({
      RESEND_API_KEY: fake.apiKey,
      RESEND_BASE_URL: fake.url,
      EMAIL_FROM: "Aula Tests <tests@aula.test>",
    });
  });
  afterAll(async () => {
    if (savedRetryBase === undefined) delete process.env.JOBS_RETRY_BASE_MS;
    else process.env.JOBS_RETRY_BASE_MS = savedRetryBase;
    setMailSettings({});
    await fake?.close();
  });
  return () => {
    if (!fake) throw new Error("fake Resend not started");
    return fake;
  };
}
