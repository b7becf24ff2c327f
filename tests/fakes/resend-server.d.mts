export type FakeResendMail = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  idempotencyKey: string | null;
  /** What was attached: names, types and decoded sizes (not the bytes). */
  attachments: { filename: string | null; contentType: string | null; bytes: number }[];
  createdAt: string;
};

export type FakeResend = {
  url: string;
  port: number;
  apiKey: string;
  emails: (to?: string) => FakeResendMail[];
  requestCount: () => number;
  failNext: (count?: number, status?: number) => void;
  reset: () => void;
  close: () => Promise<void>;
};

export function startFakeResend(options?: { port?: number; host?: string; apiKey?: string }): Promise<FakeResend>;
