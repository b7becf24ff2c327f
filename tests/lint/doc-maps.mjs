/**
 * The maps the docs show of the code, made from the code: docs/table-owners.md's owner and grant
 * tables come from tests/lint/table-owners.mjs, and docs/architecture.md's "Where things live"
 * must name every feature and every folder of src/server. `tests/lint/doc-maps.test.mjs` (run by
 * `npm run lint`) fails when a doc no longer matches; `npm run docs:maps` rewrites the generated
 * parts.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { format } from "prettier";
import { GRANTS, OWNER_GROUPS } from "./table-owners.mjs";
import { schemaTables } from "./table-writes.mjs";

const root = new URL("../..", import.meta.url).pathname;

const TABLE_OWNERS_DOC = "docs/table-owners.md";
const ARCHITECTURE_DOC = "docs/architecture.md";

/** Where a generated part starts and ends; the text between is replaced as a whole. */
const BEGIN = (name) => `<!-- generated: ${name} (npm run docs:maps; edit tests/lint/table-owners.mjs) -->`;
const END = (name) => `<!-- end generated: ${name} -->`;

const code = (name) => `\`${name}\``;
const row = (cells) => `| ${cells.join(" | ")} |`;

function markdownTable(header, rows) {
  return [row(header), row(header.map(() => "---")), ...rows.map(row)].join("\n");
}

/** The owner map as markdown, tables by their SQL names as a reader of the database sees them. */
export function ownerTable(groups = OWNER_GROUPS, tables = schemaTables()) {
  const sqlName = (name) => tables.get(name) ?? name;
  return markdownTable(
    ["tables", "owner", "why"],
    groups.map((group) => [group.tables.map((t) => code(sqlName(t))).join(", "), code(group.owner), group.why]),
  );
}

/** The grants: columns of an owner's row another writer may update. */
function grantTable(grants = GRANTS, tables = schemaTables()) {
  return markdownTable(
    ["table", "writer", "columns", "why"],
    grants.map((grant) => [
      code(tables.get(grant.table) ?? grant.table),
      code(grant.writer),
      grant.columns.map(code).join(", "),
      grant.why,
    ]),
  );
}

/** The generated parts of a document, by name. */
const GENERATED = {
  [TABLE_OWNERS_DOC]: { "table owners": () => ownerTable(), grants: () => grantTable() },
};

/** Replaces each generated part of `text` (between its markers) with `parts[name]`. */
export function fillGenerated(text, parts) {
  let out = text;
  for (const [name, body] of Object.entries(parts)) {
    const begin = out.indexOf(BEGIN(name));
    const end = out.indexOf(END(name));
    if (begin < 0 || end < begin) throw new Error(`the markers of "${name}" are missing`);
    out = `${out.slice(0, begin + BEGIN(name).length)}\n\n${body}\n\n${out.slice(end)}`;
  }
  return out;
}

/** A document as it should be: its generated parts made again, formatted as prettier would. */
export async function expectedDoc(doc, text = readFileSync(`${root}${doc}`, "utf8")) {
  const parts = Object.fromEntries(Object.entries(GENERATED[doc]).map(([name, make]) => [name, make()]));
  return format(fillGenerated(text, parts), { parser: "markdown", filepath: `${root}${doc}` });
}

export const GENERATED_DOCS = Object.keys(GENERATED);

/**
 * The folders "Where things live" must name: every feature and every folder of src/server, each
 * written as `src/…/name/` somewhere in that section.
 */
export function unmappedFolders(text = readFileSync(`${root}${ARCHITECTURE_DOC}`, "utf8")) {
  const section = text.match(/^## Where things live\n([\s\S]*?)(?=^## )/m)?.[1] ?? "";
  const folders = ["src/features", "src/server"].flatMap((parent) =>
    readdirSync(`${root}${parent}`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}/`),
  );
  return folders.filter((folder) => !section.includes(`\`${folder}`));
}

if (process.argv.includes("--write")) {
  for (const doc of GENERATED_DOCS) writeFileSync(`${root}${doc}`, await expectedDoc(doc));
  console.log(`Rewrote the generated parts of ${GENERATED_DOCS.join(", ")}.`);
}
