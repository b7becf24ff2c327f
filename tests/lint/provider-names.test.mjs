/**
 * Payment providers are named in their own places only (docs/decisions/012-payments.md, "Adding a
 * provider"): a provider's name in any other product file means a sixth provider would have to
 * touch it too. Allowed: the provider's own module (payments/<name>.ts), the registry
 * (payments/registry.ts and its static half payments/providers.ts), the settings
 * (src/server/env.ts), the database's enum of providers (src/server/db/schema/plans.ts, checked
 * equal to the registry's list here), and the SPEC's provider-named routes (src/app/api/<name>…/route.ts), each
 * naming its own provider. Comments and tests are not read. And a provider's module never reads
 * the ledger: it returns the provider's ids, and owners are looked up through what the ledger
 * hands it. Run by `npm run lint`.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";

const root = new URL("../..", import.meta.url).pathname;
const PAYMENTS = "src/features/plans/payments/";
/** The database's list of providers (the `payment_provider` enum), kept equal to the catalogue below. */
const SCHEMA = "src/server/db/schema/plans.ts";
const REGISTRY = [`${PAYMENTS}registry.ts`, `${PAYMENTS}providers.ts`, "src/server/env.ts", SCHEMA];

/** The provider ids, read from the registry's catalogue (`const CATALOG = { stripe: …, … }`). */
function providerIds() {
  const source = readFileSync(join(root, PAYMENTS, "providers.ts"), "utf8");
  const catalogue = /const CATALOG = \{\n([\s\S]*?)\n\} satisfies/.exec(source);
  assert.ok(catalogue, "providers.ts: CATALOG not found");
  const ids = [...catalogue[1].matchAll(/^ {2}(\w+): \{/gm)].map((m) => m[1]);
  assert.ok(ids.length >= 5, `providers.ts: only ${ids.length} providers found`);
  return ids;
}

/** The code without its comments (a URL's `//` inside a string stays: only `//` after a blank or at a line's start is one). */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/.*$/gm, "$1");
}

/** Which provider names a product file may contain. */
function allowedIn(path, ids) {
  if (REGISTRY.includes(path)) return ids;
  return ids.filter((id) => path === `${PAYMENTS}${id}.ts` || path.startsWith(`src/app/api/${id}`));
}

/** The provider names a file contains where it may not: `[{ path, name }]`. */
function leaksIn(path, text, ids) {
  const code = withoutComments(text).toLowerCase();
  const allowed = allowedIn(path, ids);
  return ids.filter((id) => !allowed.includes(id) && code.includes(id)).map((name) => ({ path, name }));
}

/** A provider's module that imports the ledger (it must get owner lookups handed in instead). */
function readsLedger(path, text, ids) {
  const isAdapter = ids.some((id) => path === `${PAYMENTS}${id}.ts`);
  return isAdapter && /from\s+["'](\.\/ledger|@\/features\/plans\/payments\/ledger)["']/.test(text);
}

function productFiles(dir = join(root, "src")) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(full);
    if (!/\.(ts|tsx|mts|mjs|js)$/.test(entry.name) || /\.test\.(ts|tsx)$/.test(entry.name)) return [];
    return [relative(root, full)];
  });
}

function scan() {
  const ids = providerIds();
  return productFiles().flatMap((path) => leaksIn(path, readFileSync(join(root, path), "utf8"), ids));
}

test("no product file names a payment provider outside its module, the registry and the settings", () => {
  assert.deepEqual(scan(), []);
});

test("the database's enum of providers is the registry's catalogue and the admin grant, in its order", () => {
  const source = readFileSync(join(root, SCHEMA), "utf8");
  const declared = /pgEnum\("payment_provider", \[([^\]]*)\]/.exec(source);
  assert.ok(declared, `${SCHEMA}: the payment_provider enum not found`);
  const values = [...declared[1].matchAll(/"(\w+)"/g)].map((m) => m[1]);
  assert.deepEqual(values, [...providerIds(), "admin"]);
});

test("a provider's name planted in a component, even as a string, fails the check", () => {
  const probe = join(root, "src/features/plans/components/zz-provider-probe.ts");
  writeFileSync(probe, 'export const isPopup = (id: string) => id === "razorpay"; // switches on the name\n');
  try {
    assert.deepEqual(scan(), [{ path: "src/features/plans/components/zz-provider-probe.ts", name: "razorpay" }]);
  } finally {
    rmSync(probe, { force: true });
  }
});

test("a provider module may name itself, not another provider; a comment names nobody", () => {
  const ids = providerIds();
  const [first, second] = ids;
  assert.deepEqual(leaksIn(`${PAYMENTS}${first}.ts`, `export const id = "${first}";\n`, ids), []);
  assert.deepEqual(leaksIn(`${PAYMENTS}${first}.ts`, `export const other = "${second}";\n`, ids), [
    { path: `${PAYMENTS}${first}.ts`, name: second },
  ]);
  assert.deepEqual(leaksIn(`${PAYMENTS}billing.ts`, `/** like ${first} */\nconst a = 1; // ${second}\n`, ids), []);
  assert.deepEqual(leaksIn(`src/app/api/${first}details/route.ts`, `detailsRoute("${first}")`, ids), []);
  assert.equal(leaksIn(`src/app/api/${first}details/route.ts`, `detailsRoute("${second}")`, ids).length, 1);
});

test("no provider module imports the ledger; a planted import fails the check", () => {
  const ids = providerIds();
  const adapters = ids.map((id) => `${PAYMENTS}${id}.ts`);
  assert.deepEqual(
    adapters.filter((path) => readsLedger(path, readFileSync(join(root, path), "utf8"), ids)),
    [],
  );
  const planted = 'import { findSubscriptionByCustomer } from "./ledger";\n';
  assert.equal(readsLedger(adapters[0], planted, ids), true);
  assert.equal(readsLedger(`${PAYMENTS}billing.ts`, planted, ids), false);
});
