/** The job kind that sends a mail (mail-job.ts); apart so background.ts names it without importing the mailer. */
export const MAIL_SEND = "mail.send";
