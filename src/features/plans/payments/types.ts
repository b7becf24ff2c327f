import type { Plan } from "../rules";
import type { ProviderId } from "./providers";

export type { ProviderId } from "./providers";
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
    }
  /**
   * A payment the provider reports whose owner is not found here (an account deleted since, or
   * never one of ours): it grants nothing and is recorded nowhere; the webhook acknowledges it
   * and says so in the log.
   */
  | { kind: "unowned"; provider: ProviderId; providerPaymentId: string; providerSubscriptionId: string | null };

/** Whose a subscription is, as the ledger recorded it. */
type Owner = { userId: string; plan: PaidPlan };

/**
 * The ledger's answer to "whose is this?" from the provider's own ids, for one provider: a renewal
 * that names only its subscription or its customer. Handed to the adapters, which never read the
 * ledger themselves.
 */
export interface OwnerLookup {
  bySubscription(providerSubscriptionId: string): Promise<Owner | null>;
  byCustomer(providerCustomerId: string): Promise<Owner | null>;
}

export type VerifiedEvent = { id: string; type: string; changes: (owners: OwnerLookup) => Promise<LedgerChange[]> };

/**
 * What the checkout page does with a started checkout, by kind (never by provider):
 * - `redirect`: sends the whole page to `url`;
 * - `popup`: opens `url` in a new tab and waits on the pending page for the checkout `id`;
 * - `inline`: loads `script`, calls the global function `opener` with `settings` plus a `callback`
 *   and an `onclose`; the callback's `result.reference` field is the provider's reference for the
 *   success page when its `status` is one of `result.paid`.
 */
export type CheckoutStart =
  | { kind: "redirect"; id: string; url: string }
  | { kind: "popup"; id: string; url: string }
  | {
      kind: "inline";
      id: string;
      script: string;
      opener: string;
      settings: Record<string, unknown>;
      result: { reference: string; paid: string[] };
    };

/**
 * The pending page's check, in one vocabulary: `paid` (the success page will confirm it),
 * `failed` (the link expired or was cancelled) or `pending`; `providerStatus` is the provider's
 * own word, kept for the SPEC's answer.
 */
export type PendingCheck = {
  status: "paid" | "failed" | "pending";
  providerStatus: string;
  link: string | null;
  plan: PaidPlan;
};

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
  /** Starts a checkout for the user and plan; its kind tells the page what to do with it. */
  startCheckout(input: {
    user: { id: string; email: string; name: string };
    plan: PaidPlan;
    billing: BillingDetails | null;
    locale: string;
  }): Promise<CheckoutStart>;
  /** The success page's check: the provider's word on the checkout the browser came back from. */
  confirmCheckout(
    input: { userId: string; plan: PaidPlan; reference: string },
    owners: OwnerLookup,
  ): Promise<ConfirmedPayment | null>;
  /** Verifies a webhook delivery on its raw body; null when the signature does not hold. */
  verifyWebhook(rawBody: string, headers: Headers): Promise<VerifiedEvent | null>;
  /** Ends the subscription now at the provider (no refund). */
  cancel(subscription: StoredSubscription): Promise<void>;
  /**
   * The pending page's check (short-link providers): the subscription's status at the provider,
   * its link and plan, for its owner only; null when it is not this user's.
   */
  pendingStatus?(input: { userId: string; reference: string }): Promise<PendingCheck | null>;
  /** A provider-hosted page to manage card and invoices, where there is one. */
  portalUrl?(subscription: StoredSubscription, returnUrl: string): Promise<string>;
}
