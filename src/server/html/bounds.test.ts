import os from "node:os";
import path from "node:path";
import { HTML_LIMITS, HtmlTooComplexError, scanHtml } from "./bounds";

// The parser sanitize-html itself runs, to check that the scan never counts less than it does.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Parser } = require(
  require.resolve("htmlparser2", { paths: [path.dirname(require.resolve("sanitize-html"))] }),
) as typeof import("htmlparser2");

function parserCounts(html: string) {
  let maxDepth = 0;
  let nodes = 0;
  // The open-element stack whose length makes the parser quadratic (a private field).
  const stackOf = (p: unknown) => (p as { stack: string[] }).stack.length;
  const parser: InstanceType<typeof Parser> = new Parser(
    {
      onopentag: () => {
        nodes++;
        maxDepth = Math.max(maxDepth, stackOf(parser));
      },
      onattribute: () => {
        nodes++;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { depth: maxDepth, nodes };
}

/** A wall-clock budget, stretched when more processes than cores compete for the machine. */
const budget = (ms: number) => ms * Math.max(1, os.loadavg()[0] / os.cpus().length);

function refusal(html: string): string | null {
  try {
    scanHtml(html);
    return null;
  } catch (error) {
    if (HtmlTooComplexError.is(error)) return error.limit;
    throw error;
  }
}

const nested = (n: number, tag = "div") => `<${tag}>`.repeat(n) + "x" + `</${tag}>`.repeat(n);

describe("scanHtml", () => {
  it.each([
    ["200,000 nested <div>", () => nested(200_000), "depth"],
    ["500,000 nested <div>", () => nested(500_000), "depth"],
    ["160,000 unclosed <b>", () => "<b>".repeat(160_000), "depth"],
    ["45,000 nested <div>", () => nested(45_000), "depth"],
    ["30,000 sibling <p>", () => "<p>x</p>".repeat(30_000), "nodes"],
    ["30,000 character references", () => "<p>" + "&amp;".repeat(30_000) + "</p>", "nodes"],
    ["one tag with 30,000 attributes", () => "<p " + "a ".repeat(30_000) + ">x</p>", "nodes"],
    ["1.1 MB of text", () => "<p>" + "x".repeat(1_100_000) + "</p>", "chars"],
  ])("refuses %s within a few milliseconds", (_name, make, limit) => {
    const html = make();
    expect(refusal(html)).toBe(limit);
    // The best of three runs: the machine running the tests may be busy with other work.
    const times = [0, 1, 2].map(() => {
      const started = performance.now();
      refusal(html);
      return performance.now() - started;
    });
    expect(Math.min(...times)).toBeLessThan(budget(50));
  });

  it("accepts HTML at the bounds and counts what the parser sees", () => {
    const deep = nested(HTML_LIMITS.depth);
    expect(scanHtml(deep).depth).toBe(HTML_LIMITS.depth);
    expect(refusal(nested(HTML_LIMITS.depth + 1))).toBe("depth");
    const flat = "<p>a</p>".repeat(HTML_LIMITS.nodes);
    expect(scanHtml(flat)).toMatchObject({ depth: 1, nodes: HTML_LIMITS.nodes });
    expect(refusal(flat + "<br>")).toBe("nodes");
  });

  it("follows the parser: closed elements, void elements, implied closes, comments and raw text", () => {
    // 300 siblings of each kind never nest.
    for (const html of [
      "<div>x</div>".repeat(300),
      "<br><img src=https://a.example/x.png><hr>".repeat(300),
      "<li>item".repeat(300),
      "<p>paragraph".repeat(300),
      "<!-- <div> -->".repeat(300),
      "<script><div><div></script>".repeat(150),
    ]) {
      expect(scanHtml(html).depth).toBeLessThanOrEqual(1);
    }
    // An end tag that the parser reads as text must not be taken for a real one.
    for (const hidden of [
      "<!--</div>-->",
      "<a title='</div>'>a</a>",
      '<a title="</div>">a</a>',
      "<script></div></script>",
      "<textarea></div></textarea>",
      "<![CDATA[</div>]]>",
      "<?</div>?>",
    ]) {
      expect(refusal(`<div>${hidden}`.repeat(HTML_LIMITS.depth + 1))).toBe("depth");
    }
  });

  it("locates inline data: pictures, whose characters do not count", () => {
    const picture = "data:image/png;base64," + "A".repeat(2_000_000);
    const html = `<p>a<img alt="x" src="${picture}"><img src='https://a.example/b.png'></p>`;
    const scan = scanHtml(html);
    expect(scan.inlineImages).toHaveLength(1);
    expect(html.slice(scan.inlineImages[0].start, scan.inlineImages[0].end)).toBe(picture);
    expect(scan.chars).toBeLessThan(100);
  });

  it("never counts less depth or fewer nodes than htmlparser2 (random markup)", () => {
    const pieces = [
      "<div>",
      "</div>",
      "<b>",
      "</b>",
      "<p>",
      "</p>",
      "<li>",
      "</li>",
      "<ul>",
      "<td>",
      "<tr>",
      "<table>",
      "<br>",
      "</br>",
      "<img src=x>",
      "<div/>",
      "<svg>",
      "<path/>",
      "</svg>",
      "<script>",
      "</script>",
      "<style>",
      "</style >",
      "<title>",
      "</title>",
      "<textarea>",
      "<!--",
      "-->",
      "<!-->",
      "<!--->",
      "<!---->",
      "<!",
      "<!-",
      "<![CDATA[",
      "]]>",
      "<?",
      ">",
      "<",
      "</",
      "</ div>",
      "</3>",
      "</>",
      "<a href='",
      "'",
      '"',
      "=",
      " ",
      "x",
      "&amp;",
      "&",
      '<a title="</div>">',
      "<DIV>",
      "</DIV >",
      "\n",
      "/",
      "<div a=b/>",
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let round = 0; round < 10000; round++) {
      const length = 1 + Math.floor(random() * 60);
      let html = "";
      for (let i = 0; i < length; i++) html += pieces[Math.floor(random() * pieces.length)];
      const seen = parserCounts(html);
      const scan = scanHtml(html);
      if (scan.depth < seen.depth || scan.nodes < seen.nodes)
        throw new Error(`undercount for ${JSON.stringify(html)}: ${JSON.stringify({ scan, seen })}`);
    }
  });
});
