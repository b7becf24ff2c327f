import { billingSchema } from "../billing-form";
import type { BillingDetails } from "./types";

/** The billing form as a provider echoes it back from checkout metadata; anything malformed is dropped. */
export function parseStoredBilling(value: unknown): BillingDetails | null {
  if (typeof value !== "string") return null;
  try {
    const parsed = billingSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
