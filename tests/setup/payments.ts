/**
 * Payment settings for a test file: the fake providers of tests/fakes/ reached through their
 * *_API_BASE_URL settings, with webhooks delivered to the app's real webhook route.
 */
import { POST as webhookHandler } from "@/app/api/webhooks/[provider]/route";
import { resetEnvForTests } from "@/server/env";
import { startFakeStripe, type FakeStripe } from "../fakes/stripe-server.mjs";
import { callRoute } from "./http";

/** The route typed as callRoute takes it (its params are given per call). */
const webhook = webhookHandler as unknown as Parameters<typeof callRoute>[0];

const STRIPE_SETTINGS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_MONTHLY", "STRIPE_PRICE_YEARLY", "STRIPE_API_BASE_URL"] as const;

export function setStripeSettings(values: Partial<Record<(typeof STRIPE_SETTINGS)[number], string>>): void {
  for (const key of STRIPE_SETTINGS) {
    if (values[key] === undefined) delete process.env[key];
    else process.env[key] = values[key];
  }
  resetEnvForTests();
}

/** Posts a signed delivery to /api/webhooks/{provider} as the provider would. */
export function deliverTo(provider: string) {
  return async (rawBody: string, headers: Record<string, string>) => {
    const res = await callRoute(webhook, { rawBody, headers, params: { provider }, url: `http://localhost:3000/api/webhooks/${provider}` });
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${res.text}`);
    return res;
  };
}

export type HeldDelivery = { rawBody: string; headers: Record<string, string> };

/**
 * The fake Stripe for a test file. Its webhooks go straight to the route, unless the test holds
 * them (`hold()`) to deliver later, twice or out of order.
 */
export function useFakeStripe(): { stripe: () => FakeStripe; hold: () => HeldDelivery[]; release: () => void } {
  let fake: FakeStripe | undefined;
  let held: HeldDelivery[] | null = null;
  const send = deliverTo("stripe");
  beforeAll(async () => {
    fake = await startFakeStripe({
      deliver: async (rawBody, headers) => (held ? held.push({ rawBody, headers }) : send(rawBody, headers)),
    });
    setStripeSettings({
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_PRICE_MONTHLY: "price_monthly",
      STRIPE_PRICE_YEARLY: "price_yearly",
      STRIPE_API_BASE_URL: fake.url,
    });
  });
  afterAll(async () => {
    setStripeSettings({});
    await fake?.close();
  });
  return {
    stripe: () => {
      if (!fake) throw new Error("fake Stripe not started");
      return fake;
    },
    hold: () => (held = []),
    release: () => {
      held = null;
    },
  };
}

export { webhook as webhookRoute };
