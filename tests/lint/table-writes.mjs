/**
 * Finds the table writes of a source file: drizzle's `.insert(t)`, `.update(t)` and `.delete(t)`
 * on a table imported from the schema (in a transaction or not), and raw SQL `insert into`,
 * `update … set` and `delete from` naming a table, and says which break the owner map.
 */
import { readdirSync, readFileSync } from "node:fs";
import ts from "typescript";
import { GRANTS, OWNERS } from "./table-owners.mjs";

const root = new URL("../..", import.meta.url).pathname;

const SCHEMA_DIR = `${root}src/server/db/schema/`;

/** The schema's tables, file by file (one file per owner): export name → { sql: SQL name, file: its file's name }. */
export function schemaTableFiles() {
  const tables = new Map();
  for (const name of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith(".ts"))) {
    const source = readFileSync(SCHEMA_DIR + name, "utf8");
    for (const m of source.matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g))
      tables.set(m[1], { sql: m[2], file: name.replace(/\.ts$/, "") });
  }
  return tables;
}

/** The schema's tables: export name → SQL name. */
export function schemaTables() {
  return new Map([...schemaTableFiles()].map(([name, { sql }]) => [name, sql]));
}

/** Who a file writes as: a feature's name, `server`, or the top folder of anything else in src. */
function writerOf(filePath) {
  const parts = filePath.replace(/^\.?\//, "").split("/");
  if (parts[0] !== "src") return null;
  if (parts[1] === "features") return parts[2];
  return parts[1].replace(/\.tsx?$/, "");
}

const SCHEMA_MODULE = /(^@\/server\/db\/schema(\/\w+)?$)|(\/schema$)/;

/** Local names bound to schema tables by this file's imports (named, renamed or a namespace). */
function schemaImports(sourceFile, tables) {
  const named = new Map();
  const namespaces = new Set();
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !SCHEMA_MODULE.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings) continue;
    if (ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    else
      for (const element of bindings.elements) {
        const exported = (element.propertyName ?? element.name).text;
        if (tables.has(exported)) named.set(element.name.text, exported);
      }
  }
  return { named, namespaces };
}

/** The property names an object literal sets, or null when they cannot all be known. */
function objectKeys(node, sourceFile) {
  if (!node) return null;
  if (ts.isParenthesizedExpression(node)) return objectKeys(node.expression, sourceFile);
  if (ts.isConditionalExpression(node)) {
    const a = objectKeys(node.whenTrue, sourceFile);
    const b = objectKeys(node.whenFalse, sourceFile);
    return a && b ? [...new Set([...a, ...b])] : null;
  }
  if (ts.isIdentifier(node)) return objectKeys(declarationOf(node.text, sourceFile), sourceFile);
  if (!ts.isObjectLiteralExpression(node)) return null;
  const keys = [];
  for (const property of node.properties) {
    if (ts.isShorthandPropertyAssignment(property)) keys.push(property.name.text);
    else if (ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)))
      keys.push(property.name.text);
    else return null; // a spread or a computed key: not known here
  }
  return keys;
}

/** The initializer of a `const name = …` in this file. */
function declarationOf(name, sourceFile) {
  let found;
  const visit = (node) => {
    if (found) return;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name)
      found = node.initializer;
    else ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** The columns of `.update(t).set(x)`, following the call chain from the update call. */
function updatedColumns(updateCall, sourceFile) {
  const access = updateCall.parent;
  if (!access || !ts.isPropertyAccessExpression(access) || access.name.text !== "set") return null;
  const setCall = access.parent;
  if (!setCall || !ts.isCallExpression(setCall)) return null;
  return objectKeys(setCall.arguments[0], sourceFile);
}

const RAW_WRITE = /\b(?:insert\s+into|delete\s+from)\s+"?(\w+)"?|\bupdate\s+"?(\w+)"?\s+set\b/gi;
const RAW_WRITE_BEFORE_TABLE = /\b(insert\s+into|delete\s+from|update)\s*"?$/i;

/** Every table write in one file: { table, op, columns, line }. */
function tableWrites(filePath, code, tables = schemaTables()) {
  const sourceFile = ts.createSourceFile(filePath, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const { named, namespaces } = schemaImports(sourceFile, tables);
  const bySqlName = new Map([...tables].map(([exported, sqlName]) => [sqlName, exported]));
  const tableOf = (node) => {
    if (ts.isIdentifier(node)) return named.get(node.text);
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text))
      return tables.has(node.name.text) ? node.name.text : undefined;
    return undefined;
  };
  const writes = [];
  const lineOf = (node) => sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
  const rawText = (node, text) => {
    for (const m of text.matchAll(RAW_WRITE)) {
      const table = bySqlName.get((m[1] ?? m[2]).toLowerCase());
      if (table) writes.push({ table, op: m[0].split(/\s/)[0].toLowerCase(), columns: null, line: lineOf(node) });
    }
  };
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ["insert", "update", "delete"].includes(node.expression.name.text) &&
      node.arguments.length === 1
    ) {
      const table = tableOf(node.arguments[0]);
      const op = node.expression.name.text;
      if (table)
        writes.push({
          table,
          op,
          columns: op === "update" ? updatedColumns(node, sourceFile) : null,
          line: lineOf(node),
        });
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) rawText(node, node.text);
    if (ts.isTemplateExpression(node)) {
      rawText(node, [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" ${} "));
      let before = node.head.text;
      for (const span of node.templateSpans) {
        const keyword = before.match(RAW_WRITE_BEFORE_TABLE);
        const table = tableOf(span.expression);
        if (keyword && table && (!/^update$/i.test(keyword[1]) || /^\s*"?\s*set\b/i.test(span.literal.text)))
          writes.push({ table, op: keyword[1].split(/\s/)[0].toLowerCase(), columns: null, line: lineOf(span) });
        before = span.literal.text;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return writes;
}

/** The writes of this file that its writer may not make, each with the reason. */
export function ownershipBreaches(filePath, code, tables = schemaTables()) {
  const writer = writerOf(filePath);
  if (!writer) return [];
  return tableWrites(filePath, code, tables).flatMap((write) => {
    const owner = OWNERS[write.table];
    if (owner === writer) return [];
    const grant = GRANTS.find((g) => g.table === write.table && g.writer === writer);
    if (grant && write.op === "update" && write.columns?.every((c) => grant.columns.includes(c))) return [];
    const what = grant
      ? `${write.op} of ${write.table} ${write.columns ? `(${write.columns.join(", ")})` : "(columns not known)"} beyond the grant to ${writer} (${grant.columns.join(", ")})`
      : `${write.op} of ${write.table}`;
    return [
      {
        ...write,
        file: filePath,
        message: `${filePath}:${write.line}: ${what}: ${write.table} is owned by ${owner}; call ${owner}'s public entry`,
      },
    ];
  });
}
