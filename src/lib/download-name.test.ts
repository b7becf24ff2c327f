import { contentDisposition, safeFileName } from "./download-name";

/** The two names of a header, the UTF-8 one decoded, as a browser reads them. */
function names(header: string) {
  const match = header.match(
    /^(attachment|inline); filename="([^"]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]+)$/,
  );
  if (!match) throw new Error(`not an RFC 6266 header: ${header}`);
  return { type: match[1], ascii: match[2], utf8: decodeURIComponent(match[3]) };
}

/** What a file name must never hold, in either form. */
function expectHarmless(name: string) {
  expect(name).not.toMatch(/[\\/\u0000-\u001f\u007f-\u009f"]/);
  expect(name).not.toMatch(/^[.\s]/);
  expect(name).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f]/);
  expect(new TextEncoder().encode(name).byteLength).toBeLessThanOrEqual(180);
}

describe("contentDisposition", () => {
  it("names a traversal title without a path, in both forms", () => {
    const { type, ascii, utf8 } = names(contentDisposition("attachment", "../../../tmp/evil", "pdf"));
    expect(type).toBe("attachment");
    expect(ascii).toBe("tmp evil.pdf");
    expect(utf8).toBe("tmp evil.pdf");
    for (const title of ["..\\..\\windows\\system32", "/etc/passwd", "....//....//x", ". . ./x"]) {
      const header = names(contentDisposition("attachment", title, "md.zip"));
      for (const name of [header.ascii, header.utf8]) {
        expectHarmless(name);
        expect(name).not.toContain("..");
        expect(name.endsWith(".md.zip")).toBe(true);
      }
    }
  });

  it("keeps Arabic, CJK and emoji titles in filename*, with a readable ASCII fallback", () => {
    const arabic = names(contentDisposition("attachment", "مقدمة في الكيمياء", "pdf", "course"));
    expect(arabic.utf8).toBe("مقدمة في الكيمياء.pdf");
    expect(arabic.ascii).toBe("course.pdf");

    const chinese = names(contentDisposition("attachment", "光合作用 入门", "pdf", "course"));
    expect(chinese.utf8).toBe("光合作用 入门.pdf");
    expect(chinese.ascii).toBe("course.pdf");

    const emoji = names(contentDisposition("attachment", "Cooking 👩🏽‍🍳 basics", "scorm.zip"));
    expect(emoji.utf8).toBe("Cooking 👩🏽‍🍳 basics.scorm.zip");
    expect(emoji.ascii).toBe("Cooking _ basics.scorm.zip");

    // A name's own underscores stay as they are: a certificate's id may hold "__" or "_-_".
    const id = names(contentDisposition("inline", "certificate-xp4o__6dQZ_-_kPA", "png"));
    expect(id.ascii).toBe("certificate-xp4o__6dQZ_-_kPA.png");
    expect(id.utf8).toBe("certificate-xp4o__6dQZ_-_kPA.png");

    const accents = names(contentDisposition("attachment", "Introdução à Física", "pdf"));
    expect(accents.utf8).toBe("Introdução à Física.pdf");
    expect(accents.ascii).toBe("Introducao a Fisica.pdf");
  });

  it("never lets a quote, a backslash, a newline or a percent sign break or bend the header", () => {
    const header = contentDisposition("inline", 'a"; filename="x.exe\r\nSet-Cookie: y=1\\ 100%', "png");
    expect(header).not.toMatch(/[\r\n]/);
    const { type, ascii, utf8 } = names(header);
    expect(type).toBe("inline");
    expect(ascii).toBe("a ; filename= x.exe Set-Cookie y=1 100_.png");
    expect(utf8).toBe("a ; filename= x.exe Set-Cookie y=1 100%.png");
    expectHarmless(ascii);
    expectHarmless(utf8);
    // Characters RFC 5987 does not allow bare are escaped.
    expect(contentDisposition("attachment", "it's (really) this", "pdf")).toContain(
      "filename*=UTF-8''it%27s%20%28really%29%20this.pdf",
    );
  });

  it("drops bidi overrides and invisible characters that would disguise the extension", () => {
    const { ascii, utf8 } = names(contentDisposition("attachment", "invoice\u202Efdp.exe", "pdf"));
    expect(utf8).toBe("invoicefdp.exe.pdf");
    expect(ascii).toBe("invoicefdp.exe.pdf");
  });
});

describe("safeFileName", () => {
  it("falls back when nothing of the title is left, and never names a Windows device", () => {
    expect(safeFileName("../..", "pdf", "course")).toBe("course.pdf");
    expect(safeFileName("  \u0000 ", "png")).toBe("download.png");
    expect(safeFileName("CON", "pdf")).toBe("_CON.pdf");
    expect(safeFileName("receipt-1a2b3c4d", "png", "receipt")).toBe("receipt-1a2b3c4d.png");
  });

  it("keeps a long title within the length, cut between characters, with its extension", () => {
    const long = safeFileName("数".repeat(200), "scorm.zip");
    expect(long.endsWith(".scorm.zip")).toBe(true);
    expect(new TextEncoder().encode(long).byteLength).toBeLessThanOrEqual(180);
    expect(long).toBe(`${"数".repeat(56)}.scorm.zip`);
    const emoji = safeFileName("😀".repeat(100), "pdf");
    expect(emoji).toBe(`${"😀".repeat(44)}.pdf`);
  });
});
