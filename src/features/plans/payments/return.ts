import "server-only";
import { confirmCheckout } from "./billing";
import { isProviderId, providerInfo } from "./providers";
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
  if (typeof provider !== "string" || !isProviderId(provider)) return null;
  // Our return addresses carry `ref`, unless the provider appends its reference itself.
  const appended = providerInfo(provider).returnReference;
  const ref = query.ref ?? (appended ? query[appended] : undefined);
  if (typeof ref !== "string" || !REFERENCE.test(ref)) return null;
  if (planId !== "monthly" && planId !== "yearly") return null;
  return confirmCheckout(provider, user, planId as PaidPlan, ref);
}
