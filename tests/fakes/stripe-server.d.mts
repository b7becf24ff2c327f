export type FakeStripePrice = { amount: number; currency: string; interval: "month" | "year" };

// The fake's records are loose JSON objects shaped like Stripe's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

export type FakeStripe = {
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  prices: Record<string, FakeStripePrice>;
  sessions: Map<string, Loose>;
  subscriptions: Map<string, Loose>;
  events: Loose[];
  requests: Array<{ method: string; path: string; idempotencyKey: string | null }>;
  pay: (sessionId: string) => Promise<{ successUrl: string }>;
  renew: (subscriptionId: string) => Promise<Loose>;
  event: (type: string, object: Loose) => Loose;
  sign: (payload: string) => string;
  close: () => Promise<void>;
};

export function startFakeStripe(options?: {
  port?: number;
  host?: string;
  secretKey?: string;
  webhookSecret?: string;
  webhookUrl?: string;
  deliver?: (rawBody: string, headers: Record<string, string>) => Promise<unknown>;
  prices?: Record<string, FakeStripePrice>;
}): Promise<FakeStripe>;
