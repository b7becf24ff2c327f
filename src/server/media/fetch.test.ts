import { isDisplayableImageUrl } from "./fetch";

describe("isDisplayableImageUrl", () => {
  it("keeps an inline picture of an accepted type and refuses an inline SVG", () => {
    expect(isDisplayableImageUrl("data:image/png;base64,iVBORw0KGgo=")).toBe(true);
    expect(isDisplayableImageUrl(`data:image/svg+xml;base64,${Buffer.from("<svg/>").toString("base64")}`)).toBe(false);
    expect(isDisplayableImageUrl("data:image/png;base64,not base64")).toBe(false);
  });
});
