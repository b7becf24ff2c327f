import "server-only";
import { env } from "@/server/env";

/**
 * What the checkout page's browser half needs besides the API (public keys, the inline script's
 * address); never a secret.
 */
export function checkoutOptions(): Record<string, string> {
  const e = env();
  const options: Record<string, string> = {};
  if (e.FLUTTERWAVE_PUBLIC_KEY) options.flutterwavePublicKey = e.FLUTTERWAVE_PUBLIC_KEY;
  return options;
}
