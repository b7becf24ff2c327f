import { formatAccountPrice, formatPlanPrice } from "./price";

describe("plan prices", () => {
  it("read R$ in pt and $ in en, with the same value, cents only when there are some", () => {
    expect(formatPlanPrice(4700, "pt").replace(/\s/g, " ")).toBe("R$ 47");
    expect(formatPlanPrice(4700, "en")).toBe("$47");
    expect(formatPlanPrice(9750, "en")).toBe("$97.50");
    expect(formatPlanPrice(0, "en")).toBe("$0");
  });

  it("read dollars in the logged-in area, whatever the language", () => {
    expect(formatAccountPrice(4700)).toBe("$47");
    expect(formatAccountPrice(0)).toBe("$0");
    expect(formatAccountPrice(9750)).toBe("$97.50");
  });
});
