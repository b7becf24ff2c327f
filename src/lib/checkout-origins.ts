/**
 * The checkout origins the payment page's Content-Security-Policy lets in, and only those:
 * Flutterwave's inline checkout (its script and the frame it opens) when Flutterwave is set up.
 * The other providers redirect the whole page, which needs no CSP entry. Read by the proxy,
 * which runs before the app's settings module, from the same FLUTTERWAVE_* settings.
 */
export const FLUTTERWAVE_DEFAULT_CHECKOUT_URL = "https://checkout.flutterwave.com/v3.js";

export function checkoutOrigins(settings: Record<string, string | undefined>): string[] {
  if (!settings.FLUTTERWAVE_SECRET_KEY?.trim() || !settings.FLUTTERWAVE_PUBLIC_KEY?.trim()) return [];
  const url = settings.FLUTTERWAVE_CHECKOUT_URL?.trim() || FLUTTERWAVE_DEFAULT_CHECKOUT_URL;
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? [parsed.origin] : [];
  } catch {
    return [];
  }
}
