import { INLINE_IMAGE_TYPES, inlineImageType, isInlineImageType } from "./inline-image-types";

const svg = `data:image/svg+xml;base64,${Buffer.from("<svg onload=alert(1)></svg>").toString("base64")}`;

describe("the accepted inline picture types", () => {
  it("are the four raster types, never SVG", () => {
    expect([...INLINE_IMAGE_TYPES]).toEqual(["image/png", "image/jpeg", "image/gif", "image/webp"]);
    expect(isInlineImageType("image/svg+xml")).toBe(false);
    expect(isInlineImageType("image/PNG")).toBe(true);
  });

  it("read the type a base64 data URL declares, refusing SVG and any other", () => {
    expect(inlineImageType("data:image/png;base64,iVBORw0KGgo=")).toBe("image/png");
    expect(inlineImageType("data:image/WEBP;base64,UklGRg==")).toBe("image/webp");
    expect(inlineImageType(svg)).toBeNull();
    expect(inlineImageType("data:image/bmp;base64,Qk0=")).toBeNull();
    expect(inlineImageType("data:image/png,raw")).toBeNull();
    expect(inlineImageType("https://images.example/a.png")).toBeNull();
  });
});
