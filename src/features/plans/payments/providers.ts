/**
 * The static half of the payment registry: what the browser and the proxy may know of each
 * provider (no secret, no SDK, no "server-only"), so neither needs a provider's name of its own.
 * The server half, `registry.ts`, adds each provider's module and its "is it set up" test.
 * Adding a provider: docs/decisions/012-payments.md, "Adding a provider".
 */

/**
 * How the browser pays: `redirect` sends the whole page to the provider; `popup` opens the
 * provider's link in a new tab and this one waits on the pending page; `inline` loads the
 * provider's script, which opens its checkout over the page.
 */
type CheckoutKind = "redirect" | "popup" | "inline";

/** Origins the payment page's Content-Security-Policy adds for a provider's checkout. */
export type CheckoutSources = { script: string[]; frame: string[]; connect: string[] };

/** The proxy reads the settings as text (it runs before the app's settings module). */
type RawSettings = Record<string, string | undefined>;

type StaticProvider = {
  /** The provider's brand, shown as the payment method (the same in every language). */
  label: string;
  /** Its checkout kind, known before the checkout starts (a popup is opened before the call). */
  checkout: CheckoutKind;
  /** The query parameter the provider appends to our return address with its reference, if not our `ref`. */
  returnReference?: string;
  /** The name the SPEC's subscription detail also gives the subscription id, if any. */
  sessionIdAlias?: string;
  /** The payment page's CSP additions when this provider is set up. */
  checkoutSources?: (settings: RawSettings) => Partial<CheckoutSources>;
};

/** The origin of an http(s) address, or none. */
function httpOrigin(url: string): string[] {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? [parsed.origin] : [];
  } catch {
    return [];
  }
}

const FLUTTERWAVE_DEFAULT_CHECKOUT_URL = "https://checkout.flutterwave.com/v3.js";

/** One entry per provider, in the order of the checkout page's tabs. */
const CATALOG = {
  stripe: { label: "Stripe", checkout: "redirect" },
  paypal: { label: "PayPal", checkout: "redirect", returnReference: "subscription_id" },
  paystack: { label: "Paystack", checkout: "redirect", sessionIdAlias: "subscription_code" },
  flutterwave: {
    label: "Flutterwave",
    checkout: "inline",
    // The inline script and the frame it opens, from FLUTTERWAVE_CHECKOUT_URL, when its keys are set.
    checkoutSources(settings) {
      if (!settings.FLUTTERWAVE_SECRET_KEY?.trim() || !settings.FLUTTERWAVE_PUBLIC_KEY?.trim()) return {};
      const origin = httpOrigin(settings.FLUTTERWAVE_CHECKOUT_URL?.trim() || FLUTTERWAVE_DEFAULT_CHECKOUT_URL);
      return { script: origin, frame: origin };
    },
  },
  razorpay: { label: "Razorpay", checkout: "popup" },
} satisfies Record<string, StaticProvider>;

export type ProviderId = keyof typeof CATALOG;
export const PROVIDER_IDS = Object.keys(CATALOG) as ProviderId[];

export function isProviderId(value: unknown): value is ProviderId {
  return typeof value === "string" && Object.hasOwn(CATALOG, value);
}

/** A configured provider as the checkout page gets it. */
export type CheckoutMethod = { id: ProviderId; label: string; checkout: CheckoutKind };

export function providerInfo(id: ProviderId): StaticProvider {
  return CATALOG[id];
}

/** A stored payment's or subscription's method as shown; null for what is not a provider (an admin grant). */
export function providerLabel(id: string): string | null {
  return isProviderId(id) ? CATALOG[id].label : null;
}

/**
 * The checkout origins of every provider set up in `settings`, for the payment page's CSP; the
 * providers that redirect the whole page add none.
 */
export function checkoutSources(settings: RawSettings): CheckoutSources {
  const sources: CheckoutSources = { script: [], frame: [], connect: [] };
  for (const id of PROVIDER_IDS) {
    const entry: StaticProvider = CATALOG[id];
    const added = entry.checkoutSources?.(settings) ?? {};
    for (const key of ["script", "frame", "connect"] as const) {
      for (const origin of added[key] ?? []) if (!sources[key].includes(origin)) sources[key].push(origin);
    }
  }
  return sources;
}
