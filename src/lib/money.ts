/**
 * The one money formatter: every amount the app shows (plan cards, checkout, receipt, Billing,
 * the admin's revenue, the receipt mail) goes through here, so a buyer reads the currency they
 * are charged in, written the way their interface language writes it ("US$ 47,00" in pt,
 * "$47.00" in en for USD).
 */

/** The BCP 47 tag Intl formats each UI language with. */
const INTL_LOCALE: Record<string, string> = { pt: "pt-BR", en: "en-US" };

export function intlLocale(locale: string): string {
  return INTL_LOCALE[locale] ?? locale;
}

/**
 * An amount in minor units (cents: the unit PRICE_MONTHLY and the payments tables keep) in its
 * own currency, formatted for the UI language.
 */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency }).format(amountMinor / 100);
  } catch {
    // A code Intl refuses (a stored row's odd currency) is still shown, with its code.
    return `${(amountMinor / 100).toFixed(2)} ${currency}`;
  }
}

/**
 * The currency's name as it reads mid-sentence ("Prices in US dollars"): Intl's plural name
 * (Intl.DisplayNames only has the singular, "US Dollar"), with Portuguese's common-noun lower
 * case ("dólares americanos"). A code Intl does not know reads as the code.
 */
export function currencyName(currency: string, locale: string): string {
  try {
    const parts = new Intl.NumberFormat(intlLocale(locale), {
      style: "currency",
      currency,
      currencyDisplay: "name",
    }).formatToParts(2);
    const name = parts.find((p) => p.type === "currency")?.value ?? currency;
    if (locale !== "pt" || name === currency.toUpperCase()) return name;
    return name.charAt(0).toLocaleLowerCase("pt-BR") + name.slice(1);
  } catch {
    return currency;
  }
}
