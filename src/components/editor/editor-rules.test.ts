import { checkImageFile, checkImageSource, checkLinkUrl, MAX_IMAGE_BYTES } from "./editor-rules";

describe("checkLinkUrl (SPEC 5 Editor links)", () => {
  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " java\tscript:alert(1)",
    "file:///etc/passwd",
    "vbscript:msgbox(1)",
  ])("refuses %j", (url) => {
    expect(checkLinkUrl(url)).toEqual({ ok: false, reason: "scheme" });
  });

  it("requires a URL and a valid one", () => {
    expect(checkLinkUrl("  ")).toEqual({ ok: false, reason: "required" });
    expect(checkLinkUrl("not a url")).toEqual({ ok: false, reason: "invalid" });
  });

  it("accepts data: only as a base64 image", () => {
    expect(checkLinkUrl("data:text/html;base64,PHNjcmlwdD4=")).toEqual({ ok: false, reason: "data" });
    expect(checkLinkUrl("data:image/png,rawbytes")).toEqual({ ok: false, reason: "data" });
    expect(checkLinkUrl("data:image/png;base64,iVBORw0KGgo=")).toMatchObject({ ok: true });
  });

  it("accepts http(s) and mailto, and takes a bare address as https", () => {
    expect(checkLinkUrl("https://example.com/a")).toEqual({ ok: true, url: "https://example.com/a" });
    expect(checkLinkUrl("example.com/page")).toEqual({ ok: true, url: "https://example.com/page" });
    expect(checkLinkUrl("mailto:a@b.io")).toMatchObject({ ok: true });
  });
});

describe("checkImageFile and checkImageSource (SPEC 5 Editor images)", () => {
  it("allows image/* up to 5 MB only", () => {
    expect(checkImageFile({ type: "image/png", size: MAX_IMAGE_BYTES })).toBeNull();
    expect(checkImageFile({ type: "image/png", size: MAX_IMAGE_BYTES + 1 })).toBe("size");
    expect(checkImageFile({ type: "application/pdf", size: 10 })).toBe("type");
    expect(checkImageFile({ type: "image/svg+xml", size: 10 })).toBe("type");
    expect(checkImageFile({ type: "", size: 10 })).toBe("type");
  });

  it("checks inline data: images for base64 and size", () => {
    expect(checkImageSource("data:image/png;base64,iVBORw0KGgo=")).toBeNull();
    expect(checkImageSource("data:image/png;base64,@@@")).toBe("invalidBase64");
    expect(checkImageSource("data:image/png;base64,abc")).toBe("invalidBase64");
    expect(checkImageSource("data:text/plain;base64,aGk=")).toBe("type");
    expect(checkImageSource("data:image/svg+xml;base64,PHN2Zz4=")).toBe("type");
    expect(checkImageSource("data:image/png;base64,iVBORw0KGgo=", false)).toBe("base64NotAllowed");
    const big = `data:image/png;base64,${"A".repeat(Math.ceil((MAX_IMAGE_BYTES + 3) / 3) * 4)}`;
    expect(checkImageSource(big)).toBe("size");
  });

  it("takes https addresses and refuses other schemes", () => {
    expect(checkImageSource("https://images.example/photo.jpg")).toBeNull();
    expect(checkImageSource("http://images.example/photo.jpg")).toBe("type");
    expect(checkImageSource("javascript:alert(1)")).toBe("type");
  });

  it("takes back the address of a picture stored with the notes, and no other relative address", () => {
    expect(checkImageSource("/api/images/0b6f7c1e-4a57-4c1b-9d7e-2f0a3c5d8e91")).toBeNull();
    expect(checkImageSource("/api/images/../../admin")).toBe("type");
    expect(checkImageSource("/uploads/a.png")).toBe("type");
  });
});
