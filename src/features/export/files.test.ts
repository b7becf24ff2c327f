import { inlineImage } from "./files";

describe("inlineImage", () => {
  it("writes an inline picture of an accepted type out as a file, never an inline SVG", () => {
    expect(inlineImage("data:image/jpeg;base64,/9j/")).toEqual({
      bytes: new Uint8Array([0xff, 0xd8, 0xff]),
      ext: "jpg",
    });
    expect(inlineImage(`data:image/svg+xml;base64,${Buffer.from("<svg/>").toString("base64")}`)).toBeUndefined();
    expect(inlineImage("https://images.example/a.png")).toBeUndefined();
  });
});
