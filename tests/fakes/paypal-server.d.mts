// The fake's records are loose JSON objects shaped like PayPal's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

export type FakePaypal = {
  url: string;
  port: number;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  subscriptions: Map<string, Loose>;
  events: Loose[];
  approve: (subscriptionId: string) => Promise<string>;
  renew: (subscriptionId: string) => Promise<string>;
  refund: (saleId: string, value?: string) => Promise<void>;
  close: () => Promise<void>;
};

export function startFakePaypal(options?: {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  webhookId?: string;
  webhookUrl?: string;
  deliver?: (rawBody: string, headers: Record<string, string>) => Promise<unknown>;
  plans?: Record<string, { value: string; currency: string; interval: "MONTH" | "YEAR" }>;
}): Promise<FakePaypal>;
