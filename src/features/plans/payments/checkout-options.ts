import "server-only";
import { env } from "@/server/env";
import { flutterwaveConfigured } from "./flutterwave";

/**
 * What the checkout page's browser half needs besides the API (public keys, the inline script's
 * address); never a secret.
 */
export function checkoutOptions(): Record<string, string> {
  const e = env();
  const options: Record<string, string> = {};
  if (flutterwaveConfigured(e)) options.flutterwaveScript = e.FLUTTERWAVE_CHECKOUT_URL;
  return options;
}
