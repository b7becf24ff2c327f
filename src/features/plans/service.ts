import "server-only";

/**
 * The plans feature's server entry: the catalog (configuration), the shared plan cards, and the
 * payments pages' pieces (providers on, checkout options, the success and pending checks, Billing).
 */
export { planOffer, planOffers, PLAN_IDS, type PlanOffer } from "./catalog";
export { PlanCards } from "./components/plan-cards";
export { logPaymentProviders, configuredProviders } from "./payments/registry";
export { checkoutOptions } from "./payments/checkout-options";
export { BillingPanel } from "./components/billing-panel";
export { verifyReturn } from "./payments/return";
export { ReceiptView } from "./components/receipt-view";
export { pendingCheckout } from "./payments/billing";
