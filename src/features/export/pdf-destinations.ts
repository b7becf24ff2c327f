/**
 * Reads, from a PDF that Chromium (Skia) wrote, the page number each named destination (an
 * element id a link points to) lands on. Skia writes the page tree, the /Dests dictionary and
 * the link annotations as plain objects (only content streams are compressed), so the page tree
 * order and the destinations' page references can be read without a PDF library.
 */
export function pageOfDestinations(pdf: Buffer): Record<string, number> {
  const text = pdf.toString("latin1");
  const objects = new Map<string, string>();
  for (const match of text.matchAll(/(?:^|\s)(\d+) 0 obj\s*([\s\S]*?)endobj/g)) objects.set(match[1], match[2]);

  // The page tree, in order: the root /Pages is the one with no /Parent.
  const kidsOf = (body: string) =>
    [...(body.match(/\/Kids\s*\[([^\]]*)\]/)?.[1] ?? "").matchAll(/(\d+) 0 R/g)].map((m) => m[1]);
  const isPages = (body: string | undefined) => body !== undefined && /\/Type\s*\/Pages\b/.test(body);
  const root = [...objects.entries()].find(([, body]) => isPages(body) && !/\/Parent\s/.test(body));
  const order = new Map<string, number>();
  const walk = (id: string) => {
    const body = objects.get(id);
    if (isPages(body)) kidsOf(body!).forEach(walk);
    else order.set(id, order.size + 1);
  };
  if (root) walk(root[0]);

  // The catalog's /Dests: `/name [page 0 R /XYZ x y z]`.
  const destsRef = text.match(/\/Dests\s+(\d+) 0 R/)?.[1];
  const dests = destsRef ? (objects.get(destsRef) ?? "") : "";
  const result: Record<string, number> = {};
  for (const match of dests.matchAll(/\/([^\s/[\]<>()]+)\s*\[\s*(\d+) 0 R/g)) {
    const page = order.get(match[2]);
    if (page) result[decodeName(match[1])] = page;
  }
  return result;
}

/** PDF names escape bytes as #xx. */
function decodeName(name: string): string {
  return Buffer.from(
    name.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}
