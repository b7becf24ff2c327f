/**
 * How a plan's price reads on the cards: the SPEC shows the same number with the UI language's
 * own symbol (R$ 47 in pt, $47 in en); whole amounts drop the cents.
 */
export function formatPlanPrice(priceMinor: number, locale: string): string {
  const pt = locale === "pt";
  const whole = priceMinor % 100 === 0;
  return new Intl.NumberFormat(pt ? "pt-BR" : "en-US", {
    style: "currency",
    currency: pt ? "BRL" : "USD",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(priceMinor / 100);
}

/**
 * Money in the logged-in area (checkout, receipt, pending page, Billing): dollars in both
 * languages, as SPEC section 9 says ("Currency in the logged-in area is dollars").
 */
export function formatAccountPrice(priceMinor: number): string {
  return formatPlanPrice(priceMinor, "en");
}
