export type FakeSmtpMessage = { from: string; to: string[]; raw: string };

export type FakeSmtp = {
  url: string;
  messages: () => FakeSmtpMessage[];
  failNext: (count?: number, code?: number) => void;
  close: () => Promise<void>;
};

export function startFakeSmtp(options?: { port?: number }): Promise<FakeSmtp>;
