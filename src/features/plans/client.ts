/**
 * What a plan allows: the browser entry of the plans feature (pure, so the Generate form and the
 * server read the same rules). Payments extend it; their server side is in server.ts.
 */
export * from "./rules";
// The billing form's schema (billing-form.ts) is not re-exported here: it builds zod objects when
// its module loads, which no bundler can drop, and every client page reading a rule from this
// entry (Generate, Profile) then shipped zod, 30 kB gzip (issue 25). Only this feature's checkout
// form and payment routes use it, from the module itself.
