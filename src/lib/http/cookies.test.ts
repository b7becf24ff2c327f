import { cookieValue, decodedCookieValue } from "./cookies";

const withCookie = (header: string) => new Request("http://localhost/", { headers: { cookie: header } });

describe("cookieValue", () => {
  it("reads one cookie by its exact name, as sent", () => {
    const request = withCookie("NEXT_LOCALE=en; aula.share=abc%20d;other=1");
    expect(cookieValue(request, "NEXT_LOCALE")).toBe("en");
    expect(cookieValue(request, "aula.share")).toBe("abc%20d");
    expect(cookieValue(request, "other")).toBe("1");
    expect(cookieValue(request, "LOCALE")).toBeUndefined();
    expect(cookieValue(new Request("http://localhost/"), "NEXT_LOCALE")).toBeUndefined();
  });

  it("keeps a value holding '=' whole and takes the first of two with one name", () => {
    expect(cookieValue(withCookie("token=a.b=c=; token=second"), "token")).toBe("a.b=c=");
    expect(cookieValue(withCookie("xtoken=1; token=2"), "token")).toBe("2");
  });
});

describe("decodedCookieValue", () => {
  it("percent-decodes the value, and reads bad encoding as no cookie rather than an error", () => {
    expect(decodedCookieValue(withCookie("aula.share=abc%20d"), "aula.share")).toBe("abc d");
    expect(decodedCookieValue(withCookie("token=%E0%A4%A; other=1"), "token")).toBeUndefined();
    expect(decodedCookieValue(withCookie("other=1"), "token")).toBeUndefined();
  });
});
