import { billingSchema, countryCode } from "./billing-form";

describe("billing form", () => {
  it("matches the country to a 2-letter code ignoring case, accents and spaces, and defaults to US", () => {
    expect(countryCode(" brazil ")).toBe("BR");
    expect(countryCode("Brasil")).toBe("BR");
    expect(countryCode("UNITED   states")).toBe("US");
    expect(countryCode("gb")).toBe("GB");
    expect(countryCode("Alemanha")).toBe("DE");
    expect(countryCode("méxico")).toBe("MX");
    expect(countryCode("Atlantis")).toBe("US");
    expect(countryCode("European Union")).toBe("US");
    expect(countryCode("")).toBe("US");
  });

  it("checks each field with the SPEC's minimum and names the field that failed", () => {
    const valid = {
      firstName: "Ana",
      lastName: "Lima",
      email: "ana@example.com",
      address: "Rua A, 1",
      city: "Recife",
      state: "PE",
      zipCode: "500",
      country: "BR",
    };
    expect(billingSchema.safeParse(valid).success).toBe(true);
    const cases: Array<[keyof typeof valid, string]> = [
      ["firstName", "A"],
      ["lastName", " B "],
      ["email", "not-an-email"],
      ["address", "Rua"],
      ["city", "R"],
      ["state", "P"],
      ["zipCode", "12"],
      ["country", "B"],
    ];
    for (const [field, value] of cases) {
      const result = billingSchema.safeParse({ ...valid, [field]: value });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]).toMatchObject({ path: [field], message: field });
    }
  });
});
