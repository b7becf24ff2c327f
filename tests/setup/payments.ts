/**
 * Payment settings for a test file: the fake providers of tests/fakes/ reached through their
 * *_API_BASE_URL settings, with webhooks delivered to the app's real webhook route.
 */
import { POST as webhookHandler } from "@/app/api/webhooks/[provider]/route";
import { startFakeFlutterwave, type FakeFlutterwave } from "../fakes/flutterwave-server.mjs";
import { startFakePaypal, type FakePaypal } from "../fakes/paypal-server.mjs";
import { startFakePaystack, type FakePaystack } from "../fakes/paystack-server.mjs";
import { startFakeRazorpay, type FakeRazorpay } from "../fakes/razorpay-server.mjs";
import { startFakeStripe, type FakeStripe } from "../fakes/stripe-server.mjs";
import { callRoute } from "./http";
import { applySettings } from "./settings";

/** The route typed as callRoute takes it (its params are given per call). */
const webhook = webhookHandler as unknown as Parameters<typeof callRoute>[0];
export { webhook as webhookRoute };

/** Replaces the given settings (undefined ones are removed) and makes env() read them again. */
export const setSettings = applySettings;

/** Posts a signed delivery to /api/webhooks/{provider} as the provider would. */
export function deliverTo(provider: string) {
  return async (rawBody: string, headers: Record<string, string>) => {
    const res = await callRoute(webhook, {
      rawBody,
      headers,
      params: { provider },
      url: `http://localhost:3000/api/webhooks/${provider}`,
    });
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${res.text}`);
    return res;
  };
}

type HeldDelivery = { rawBody: string; headers: Record<string, string> };
type Deliver = (rawBody: string, headers: Record<string, string>) => Promise<unknown>;

/**
 * A fake provider for a test file, started with its settings. Its webhooks go straight to the
 * route, unless the test holds them (`hold()`) to deliver later, twice or out of order.
 */
function useFake<F extends { close: () => Promise<void> }>(
  provider: string,
  start: (deliver: Deliver) => Promise<F>,
  settings: (fake: F) => Record<string, string>,
) {
  let fake: F | undefined;
  let held: HeldDelivery[] | null = null;
  let keys: string[] = [];
  const send = deliverTo(provider);
  beforeAll(async () => {
    fake = await start(async (rawBody, headers) => (held ? held.push({ rawBody, headers }) : send(rawBody, headers)));
    const values = settings(fake);
    keys = Object.keys(values);
    setSettings(values);
  });
  afterAll(async () => {
    setSettings(Object.fromEntries(keys.map((k) => [k, undefined])));
    await fake?.close();
  });
  return {
    fake: () => {
      if (!fake) throw new Error(`fake ${provider} not started`);
      return fake;
    },
    hold: (): HeldDelivery[] => (held = []),
    release: () => {
      held = null;
    },
  };
}

export const STRIPE_KEYS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_MONTHLY",
  "STRIPE_PRICE_YEARLY",
  "STRIPE_API_BASE_URL",
];

export function useFakeStripe() {
  const { fake, hold, release } = useFake<FakeStripe>(
    "stripe",
    (deliver) => startFakeStripe({ deliver }),
    (f) => ({
      STRIPE_SECRET_KEY: f.secretKey,
      STRIPE_WEBHOOK_SECRET: f.webhookSecret,
      STRIPE_PRICE_MONTHLY: "price_monthly",
      STRIPE_PRICE_YEARLY: "price_yearly",
      STRIPE_API_BASE_URL: f.url,
    }),
  );
  return { stripe: fake, hold, release };
}

export function useFakePaystack() {
  const { fake, hold, release } = useFake<FakePaystack>(
    "paystack",
    (deliver) => startFakePaystack({ deliver }),
    (f) => ({
      PAYSTACK_SECRET_KEY: f.secretKey,
      PAYSTACK_PLAN_MONTHLY: "PLN_monthly",
      PAYSTACK_PLAN_YEARLY: "PLN_yearly",
      PAYSTACK_API_BASE_URL: f.url,
    }),
  );
  return { paystack: fake, hold, release };
}

export function useFakeRazorpay() {
  const { fake, hold, release } = useFake<FakeRazorpay>(
    "razorpay",
    (deliver) => startFakeRazorpay({ deliver }),
    (f) => ({
      RAZORPAY_KEY_ID: f.keyId,
      RAZORPAY_KEY_SECRET: f.keySecret,
      RAZORPAY_WEBHOOK_SECRET: f.webhookSecret,
      RAZORPAY_PLAN_MONTHLY: "plan_monthly",
      RAZORPAY_PLAN_YEARLY: "plan_yearly",
      RAZORPAY_API_BASE_URL: f.apiBaseUrl,
    }),
  );
  return { razorpay: fake, hold, release };
}

export function useFakePaypal() {
  const { fake, hold, release } = useFake<FakePaypal>(
    "paypal",
    (deliver) => startFakePaypal({ deliver }),
    (f) => ({
      PAYPAL_CLIENT_ID: f.clientId,
      PAYPAL_CLIENT_SECRET: f.clientSecret,
      PAYPAL_WEBHOOK_ID: f.webhookId,
      PAYPAL_PLAN_MONTHLY: "P-MONTHLY",
      PAYPAL_PLAN_YEARLY: "P-YEARLY",
      PAYPAL_API_BASE_URL: f.url,
    }),
  );
  return { paypal: fake, hold, release };
}

export function useFakeFlutterwave() {
  const { fake, hold, release } = useFake<FakeFlutterwave>(
    "flutterwave",
    (deliver) => startFakeFlutterwave({ deliver }),
    (f) => ({
      FLUTTERWAVE_SECRET_KEY: f.secretKey,
      FLUTTERWAVE_PUBLIC_KEY: f.publicKey,
      FLUTTERWAVE_WEBHOOK_HASH: f.secretHash,
      FLUTTERWAVE_PLAN_MONTHLY: "1001",
      FLUTTERWAVE_PLAN_YEARLY: "1002",
      FLUTTERWAVE_API_BASE_URL: f.apiBaseUrl,
      FLUTTERWAVE_CHECKOUT_URL: f.checkoutUrl,
    }),
  );
  return { flutterwave: fake, hold, release };
}
