import "server-only";

/**
 * The plans feature's server entry: the catalog (configuration), the shared plan cards, and the
 * payments pages' server pieces (providers on, their checkout kinds, the success and pending checks).
 * Components with client parts (Billing, the receipt) are imported by their pages from their own
 * files: a page's client bundle takes every client component its imports reach, rendered or not,
 * so re-exporting them here put the Billing buttons in the landing page's bundle.
 */
export { planOffer } from "./catalog";
export { PlanCards } from "./components/plan-cards";
export { logPaymentProviders, configuredProviders, checkoutMethods } from "./payments/registry";
export { verifyReturn } from "./payments/return";
export { cancelChargeableSubscriptions, pendingCheckout, subscriptionsEndedByDeletion } from "./payments/billing";
export { currentSubscriptionColumn, grantAdminPlan, payingSubscription, revokeAdminPlan } from "./subscriptions";
