import "server-only";
import { env, type Env } from "@/server/env";
import { logger } from "@/server/logger";
import { createFlutterwaveProvider, flutterwaveConfigured } from "./flutterwave";
import { createPaypalProvider, paypalConfigured } from "./paypal";
import { createPaystackProvider, paystackConfigured } from "./paystack";
import { createRazorpayProvider, razorpayConfigured } from "./razorpay";
import { createStripeProvider, stripeConfigured } from "./stripe";
import { isProviderId, PROVIDER_IDS, providerInfo, type CheckoutMethod, type ProviderId } from "./providers";
import type { PaymentProvider } from "./types";

export { isProviderId };

/**
 * The server half of the registry: each provider's "is it set up" test and its module (the static
 * half, `providers.ts`, holds what the browser and the proxy may know). A provider is on when all
 * of its settings are (docs/configuration.md); otherwise its tab, routes and webhook are off.
 */
const PROVIDERS: Record<ProviderId, { configured: (e: Env) => boolean; create: (e: Env) => PaymentProvider }> = {
  stripe: { configured: stripeConfigured, create: createStripeProvider },
  flutterwave: { configured: flutterwaveConfigured, create: createFlutterwaveProvider },
  paypal: { configured: paypalConfigured, create: createPaypalProvider },
  paystack: { configured: paystackConfigured, create: createPaystackProvider },
  razorpay: { configured: razorpayConfigured, create: createRazorpayProvider },
};

const built = new WeakMap<Env, Map<ProviderId, PaymentProvider>>();

export function configuredProviders(e: Env = env()): ProviderId[] {
  return PROVIDER_IDS.filter((id) => PROVIDERS[id].configured(e));
}

/** The provider's module when it is configured, else null; one instance per settings object. */
export function paymentProvider(id: ProviderId, e: Env = env()): PaymentProvider | null {
  const entry = PROVIDERS[id];
  if (!entry.configured(e)) return null;
  let cache = built.get(e);
  if (!cache) built.set(e, (cache = new Map()));
  let provider = cache.get(id);
  if (!provider) cache.set(id, (provider = entry.create(e)));
  return provider;
}

/** The configured providers with their checkout kind and label: what the checkout page shows and does. */
export function checkoutMethods(e: Env = env()): CheckoutMethod[] {
  return configuredProviders(e).map((id) => ({
    id,
    label: providerInfo(id).label,
    checkout: providerInfo(id).checkout,
  }));
}

/** One start-up line naming the providers that are on (never a key). */
export function logPaymentProviders(e: Env = env()): void {
  const on = configuredProviders(e);
  logger.info(
    { paymentProviders: on },
    on.length ? `payments on: ${on.join(", ")}` : "payments off: no provider is configured",
  );
}
