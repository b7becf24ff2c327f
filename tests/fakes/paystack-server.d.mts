// The fake's records are loose JSON objects shaped like Paystack's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

export type FakePaystack = {
  url: string;
  port: number;
  secretKey: string;
  plans: Record<string, { amount: number; currency: string; interval: string }>;
  transactions: Map<string, Loose>;
  subscriptions: Map<string, Loose>;
  events: Loose[];
  pay: (reference: string) => Promise<{ callbackUrl: string }>;
  renew: (subscriptionCode: string) => Promise<Loose>;
  sign: (payload: string) => string;
  close: () => Promise<void>;
};

export function startFakePaystack(options?: {
  port?: number;
  secretKey?: string;
  webhookUrl?: string;
  deliver?: (rawBody: string, headers: Record<string, string>) => Promise<unknown>;
  plans?: Record<string, { amount: number; currency: string; interval: "monthly" | "annually" }>;
}): Promise<FakePaystack>;
