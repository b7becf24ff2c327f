import { currencyName, formatMoney, intlLocale } from "./money";

/** Intl separates "US$" and the number with a no-break space; compare as plain spaces. */
const plain = (s: string) => s.replace(/\s/g, " ");

describe("formatMoney", () => {
  it("writes the currency charged in the UI language's own way", () => {
    expect(plain(formatMoney(4700, "USD", "pt"))).toBe("US$ 47,00");
    expect(formatMoney(4700, "USD", "en")).toBe("$47.00");
    expect(plain(formatMoney(9750, "BRL", "pt"))).toBe("R$ 97,50");
    expect(formatMoney(9750, "BRL", "en")).toBe("R$97.50");
    expect(plain(formatMoney(0, "EUR", "pt"))).toBe("€ 0,00");
  });

  it("never turns one currency into another with the language", () => {
    for (const currency of ["USD", "BRL", "EUR", "NGN", "INR"]) {
      const pt = formatMoney(123456, currency, "pt");
      const en = formatMoney(123456, currency, "en");
      expect(pt).toMatch(/1\.234,56/);
      expect(en).toMatch(/1,234\.56/);
    }
    expect(formatMoney(4700, "USD", "pt")).not.toContain("R$");
  });

  it("shows a code Intl refuses with the code rather than failing the page", () => {
    expect(formatMoney(4700, "not-a-code", "en")).toBe("47.00 not-a-code");
  });
});

describe("currencyName", () => {
  it("names the currency as it reads mid-sentence", () => {
    expect(currencyName("USD", "en")).toBe("US dollars");
    expect(currencyName("USD", "pt")).toBe("dólares americanos");
    expect(currencyName("BRL", "pt")).toBe("reais brasileiros");
  });

  it("falls back to the code", () => {
    expect(currencyName("XYZ", "pt")).toBe("XYZ");
    expect(currencyName("not-a-code", "en")).toBe("not-a-code");
  });
});

describe("intlLocale", () => {
  it("maps the UI languages to the regions their formats follow", () => {
    expect(intlLocale("pt")).toBe("pt-BR");
    expect(intlLocale("en")).toBe("en-US");
  });
});
