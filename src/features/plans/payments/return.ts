import "server-only";
import { confirmCheckout } from "./billing";
import { isProviderId } from "./registry";
import type { PaidPlan } from "./types";

const REFERENCE = /^[A-Za-z0-9_.:-]{1,200}$/;

/**
 * The success page's query as each provider's return leaves it (`provider` and `ref`, which
 * our own return URLs carry), checked with the provider. Returns the payment id or null.
 */
export async function verifyReturn(
  user: { id: string; email: string; name: string },
  planId: string,
  query: Record<string, string | string[] | undefined>,
): Promise<string | null> {
  const provider = query.provider;
  // PayPal appends subscription_id to the return address; the others carry our own `ref`.
  const ref = query.ref ?? query.subscription_id;
  if (typeof provider !== "string" || !isProviderId(provider) || typeof ref !== "string" || !REFERENCE.test(ref))
    return null;
  if (planId !== "monthly" && planId !== "yearly") return null;
  return confirmCheckout(provider, user, planId as PaidPlan, ref);
}
