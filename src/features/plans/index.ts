/**
 * What a plan allows: the public entry of the plans feature (pure, so the Generate form and the
 * server read the same rules). Payments extend it.
 */
export * from "./rules";
export { billingSchema, countryCode, BILLING_FIELDS, type BillingForm, type BillingField } from "./billing-form";
