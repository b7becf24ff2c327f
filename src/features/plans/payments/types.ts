import type { Plan } from "../rules";

export const PROVIDER_IDS = ["stripe", "paypal", "paystack", "flutterwave", "razorpay"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];
export type PaidPlan = Exclude<Plan, "free">;

/** The billing form as the checkout page sends it (already validated, country as a 2-letter code). */
export type BillingDetails = {
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
};

/** One paid period as the provider confirmed it: what the ledger records and grants. */
export type ConfirmedPayment = {
  provider: ProviderId;
  userId: string;
  plan: PaidPlan;
  /** The provider's id of this charge (invoice, transaction…): one grant per id. */
  providerPaymentId: string;
  providerSubscriptionId: string | null;
  providerCustomerId: string | null;
  amountMinor: number;
  currency: string;
  billing: BillingDetails | null;
};

/** What a verified webhook delivery asks the ledger to do. */
export type LedgerChange =
  | { kind: "paid"; payment: ConfirmedPayment }
  /** Money given back on a recorded payment (cumulative `refundedMinor` when the provider says so, else this refund's amount). */
  | { kind: "refund"; provider: ProviderId; providerPaymentId: string; amountMinor: number }
  | {
      kind: "subscription";
      provider: ProviderId;
      userId: string | null;
      plan: PaidPlan | null;
      providerSubscriptionId: string;
      providerCustomerId: string | null;
      status: "pending" | "active" | "past_due" | "canceled" | "expired";
    };

export type VerifiedEvent = { id: string; type: string; changes: () => Promise<LedgerChange[]> };

export type StoredSubscription = {
  id: string;
  userId: string;
  plan: PaidPlan;
  provider: string;
  providerSubscriptionId: string | null;
  providerCustomerId: string | null;
};

/**
 * One payment provider behind the one interface. Everything it returns was
 * said by the provider itself (a signed webhook or its API), never by the browser.
 */
export interface PaymentProvider {
  id: ProviderId;
  /** Starts a hosted checkout for the user and plan; the browser is sent to `url`. */
  startCheckout(input: {
    user: { id: string; email: string; name: string };
    plan: PaidPlan;
    billing: BillingDetails | null;
    locale: string;
  }): Promise<{ id: string; url: string }>;
  /** The success page's check: the provider's word on the checkout the browser came back from. */
  confirmCheckout(input: { userId: string; plan: PaidPlan; reference: string }): Promise<ConfirmedPayment | null>;
  /** Verifies a webhook delivery on its raw body; null when the signature does not hold. */
  verifyWebhook(rawBody: string, headers: Headers): Promise<VerifiedEvent | null>;
  /** Ends the subscription now at the provider (no refund). */
  cancel(subscription: StoredSubscription): Promise<void>;
  /**
   * The pending page's check (short-link providers): the subscription's status at the provider,
   * its link and plan, for its owner only; null when it is not this user's.
   */
  pendingStatus?(input: {
    userId: string;
    reference: string;
  }): Promise<{ status: string; link: string | null; plan: PaidPlan } | null>;
  /** A provider-hosted page to manage card and invoices, where there is one. */
  portalUrl?(subscription: StoredSubscription, returnUrl: string): Promise<string>;
}
