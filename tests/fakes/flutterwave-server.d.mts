// The fake's records are loose JSON objects shaped like Flutterwave's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

export type FakeFlutterwave = {
  url: string;
  apiBaseUrl: string;
  checkoutUrl: string;
  port: number;
  secretKey: string;
  publicKey: string;
  secretHash: string;
  transactions: Map<number, Loose>;
  subscriptions: Map<number, Loose>;
  events: Loose[];
  charge: (config: Loose, status?: "successful" | "failed") => Promise<Loose>;
  renew: (subscriptionId: number) => Promise<Loose>;
  close: () => Promise<void>;
};

export function startFakeFlutterwave(options?: {
  port?: number;
  secretKey?: string;
  publicKey?: string;
  secretHash?: string;
  webhookUrl?: string;
  deliver?: (rawBody: string, headers: Record<string, string>) => Promise<unknown>;
  plans?: Record<string, { amount: number; currency: string; interval: "monthly" | "yearly" }>;
}): Promise<FakeFlutterwave>;
