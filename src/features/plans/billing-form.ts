import { z } from "zod";

/**
 * The billing form's rules (SPEC section 5). Each message is the key of its text under
 * `payment.billing.errors`, so the form and the server say the same thing.
 */
export const billingSchema = z.object({
  firstName: z.string().trim().min(2, "firstName").max(100, "firstName"),
  lastName: z.string().trim().min(2, "lastName").max(100, "lastName"),
  email: z.string().trim().max(320, "email").pipe(z.email("email")),
  address: z.string().trim().min(5, "address").max(300, "address"),
  city: z.string().trim().min(2, "city").max(100, "city"),
  state: z.string().trim().min(2, "state").max(100, "state"),
  zipCode: z.string().trim().min(3, "zipCode").max(20, "zipCode"),
  country: z.string().trim().min(2, "country").max(100, "country"),
});

export type BillingForm = z.infer<typeof billingSchema>;
export type BillingField = keyof BillingForm;
export const BILLING_FIELDS = Object.keys(billingSchema.shape) as BillingField[];

const fold = (value: string) =>
  value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, "")
    .toLowerCase();

let countryIndex: Map<string, string> | undefined;

/** CLDR names these too, but they are no country (unions, pseudo-regions, "unknown"). */
const NOT_COUNTRIES = new Set(["EU", "EZ", "UN", "QO", "XA", "XB", "ZZ"]);

/**
 * Every region code the runtime's CLDR data names (about 250, the SPEC's "about 190 countries"
 * and territories), keyed by its code and by its English and Portuguese names, folded.
 */
function countries(): Map<string, string> {
  if (countryIndex) return countryIndex;
  const index = new Map<string, string>();
  const names = ["en", "pt"].map((locale) => new Intl.DisplayNames([locale], { type: "region", fallback: "none" }));
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  for (const a of letters) {
    for (const b of letters) {
      const code = a + b;
      if (NOT_COUNTRIES.has(code)) continue;
      let known = false;
      for (const display of names) {
        let name: string | undefined;
        try {
          name = display.of(code);
        } catch {
          name = undefined;
        }
        if (name && name !== code) {
          known = true;
          index.set(fold(name), code);
        }
      }
      if (known) index.set(code.toLowerCase(), code);
    }
  }
  countryIndex = index;
  return index;
}

/** The country as a 2-letter code: a code or a name, ignoring case, accents and spaces; US when unknown. */
export function countryCode(value: string): string {
  return countries().get(fold(value)) ?? "US";
}
