import "server-only";

/** The plans feature's server entry: the catalog (configuration) and the shared plan cards. */
export { planOffer, planOffers, PLAN_IDS, type PlanOffer } from "./catalog";
export { PlanCards } from "./components/plan-cards";
export { logPaymentProviders, configuredProviders } from "./payments/registry";
export { checkoutOptions } from "./payments/checkout-options";
export { BillingPanel } from "./components/billing-panel";
export { verifyReturn } from "./payments/return";
export { ReceiptView } from "./components/receipt-view";
export { pendingCheckout } from "./payments/billing";
