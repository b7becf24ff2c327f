import { expect } from "@playwright/test";

/**
 * The fake Resend API the e2e server starts (scripts/e2e-server.mjs, E2E_PORT + 20): the app
 * sends its mails there, and specs read them back as a user reads an inbox.
 */
const port = Number(process.env.E2E_RESEND_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 20);
const MAILBOX_URL = `http://127.0.0.1:${port}`;

export type Mail = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  attachments?: { filename: string | null; contentType: string | null; bytes: number }[];
};

export async function mailsTo(address: string): Promise<Mail[]> {
  const response = await fetch(`${MAILBOX_URL}/__test__/emails?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return ((await response.json()) as { emails: Mail[] }).emails;
}

/** Waits for a mail with this subject to arrive for an address (mails go out after the response). */
export async function waitForMail(address: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).filter((mail) => mail.subject === subject).at(-1);
        return found !== undefined;
      },
      { message: `a mail "${subject}" to ${address}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** The reset link in a mail's plain-text part. */
export function resetLinkIn(mail: Mail): string {
  const link = mail.text?.match(/https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]{43}/)?.[0];
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return link;
}

/** The e-mail change confirmation link in a mail's plain-text part. */
export function confirmEmailLinkIn(mail: Mail): string {
  const link = mail.text?.match(/https?:\/\/\S+\/confirm-email\/[A-Za-z0-9_-]{43}/)?.[0];
  if (!link) throw new Error(`no confirmation link in: ${mail.text}`);
  return link;
}
