// The fake's records are loose JSON objects shaped like Razorpay's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

export type FakeRazorpay = {
  url: string;
  apiBaseUrl: string;
  port: number;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  subscriptions: Map<string, Loose>;
  invoices: Loose[];
  events: Loose[];
  pay: (subscriptionId: string) => Promise<void>;
  decline: (subscriptionId: string) => Promise<void>;
  renew: (subscriptionId: string) => Promise<Loose>;
  refund: (paymentId: string, amount?: number) => Promise<void>;
  sign: (payload: string) => string;
  close: () => Promise<void>;
};

export function startFakeRazorpay(options?: {
  port?: number;
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  webhookUrl?: string;
  deliver?: (rawBody: string, headers: Record<string, string>) => Promise<unknown>;
  plans?: Record<string, { amount: number; currency: string; period: "monthly" | "yearly" }>;
}): Promise<FakeRazorpay>;
