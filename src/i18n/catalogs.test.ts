/**
 * The two UI catalogs must stay in step: a key in one and not the other shows a raw key
 * (or next-intl's error) to half of the users.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { locales } from "./config";

type Catalog = { [key: string]: unknown };

function readCatalog(locale: string): Catalog {
  return JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8"));
}

/** Every leaf of a catalog as "a.b.c" → value. */
function flatten(node: unknown, prefix = "", into = new Map<string, unknown>()): Map<string, unknown> {
  if (node !== null && typeof node === "object" && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, node);
  }
  return into;
}

/** The names of the ICU arguments a message uses ({name}, {count, plural, ...}, <link>...</link>). */
function argumentNames(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.value);
      if (element.type === TYPE.tag) walk(element.children);
      if (element.type === TYPE.select || element.type === TYPE.plural) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parse(message, { ignoreTag: false }));
  return [...names].sort();
}

const [pt, en] = [flatten(readCatalog("pt")), flatten(readCatalog("en"))];

describe("UI catalogs (messages/pt.json, messages/en.json)", () => {
  it("exist, as JSON objects, for every locale the app offers", () => {
    for (const locale of locales) expect(flatten(readCatalog(locale)).size).toBeGreaterThan(0);
  });

  it("have the same keys, nested keys included", () => {
    const missingInEn = [...pt.keys()].filter((key) => !en.has(key));
    const missingInPt = [...en.keys()].filter((key) => !pt.has(key));
    const problems = [
      ...missingInEn.map((key) => `missing in en.json: ${key}`),
      ...missingInPt.map((key) => `missing in pt.json: ${key}`),
    ];
    expect(problems).toEqual([]);
  });

  it("have no empty or non-text values", () => {
    const problems: string[] = [];
    for (const [locale, catalog] of [
      ["pt", pt],
      ["en", en],
    ] as const) {
      for (const [key, value] of catalog) {
        if (typeof value !== "string") problems.push(`${locale}.json ${key}: not a string (${JSON.stringify(value)})`);
        else if (value.trim() === "") problems.push(`${locale}.json ${key}: empty`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("parse as ICU messages and use the same arguments in both languages", () => {
    const problems: string[] = [];
    for (const [key, ptValue] of pt) {
      const enValue = en.get(key);
      if (typeof ptValue !== "string" || typeof enValue !== "string") continue;
      try {
        const [ptArgs, enArgs] = [argumentNames(ptValue), argumentNames(enValue)];
        if (ptArgs.join() !== enArgs.join()) problems.push(`${key}: pt uses {${ptArgs}} but en uses {${enArgs}}`);
      } catch (error) {
        problems.push(`${key}: not a valid ICU message (${(error as Error).message})`);
      }
    }
    expect(problems).toEqual([]);
  });
});

/**
 * Arguments that hold a count of something. A count written beside the word it counts must
 * choose that word's form by ICU plural ("1 material", "all 1"), never print it plainly: the
 * plain form reads wrong for one (or zero) in at least one of the two languages.
 */
const COUNT_ARGUMENTS = new Set([
  "count",
  "total",
  "missed",
  "written",
  "failed",
  "left",
  "limit",
  "due",
  "pages",
  "minutes",
  "hours",
  "days",
  "chars",
  "nodes",
  "depth",
  "read",
  "score",
  "sources",
  "lessons",
]);
/** Words after a count that do not change with it: prepositions, units and symbols. */
const INVARIANT_AFTER =
  /^\s*(?:$|[^\p{L}\s]|(?:de|do|da|dos|das|no|na|em|para|por|of|in|on|at|to|for|MB|kB|GB|due)(?![\p{L}]))/u;
/** Words before a count that agree with it in number ("todas as {total}", "all {total}"). */
const AGREEING_BEFORE = /(?:^|\s)(?:todas as|todos os|as|os|all|both)\s*$/iu;

/** The plain (not plural) uses of count arguments that sit beside a word that agrees with them. */
function plainCounts(message: string): string[] {
  const found: string[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    elements.forEach((element, index) => {
      if (element.type === TYPE.tag) walk(element.children);
      if (element.type === TYPE.select || element.type === TYPE.plural) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if (element.type !== TYPE.argument || !COUNT_ARGUMENTS.has(element.value)) return;
      const before = elements[index - 1];
      const after = elements[index + 1];
      const textAfter = after?.type === TYPE.literal ? after.value : after ? "{" : "";
      const textBefore = before?.type === TYPE.literal ? before.value : "";
      if (!INVARIANT_AFTER.test(textAfter) || AGREEING_BEFORE.test(textBefore)) {
        found.push(`{${element.value}} in "${textBefore.slice(-20)}{${element.value}}${textAfter.slice(0, 20)}"`);
      }
    });
  };
  walk(parse(message, { ignoreTag: false }));
  return found;
}

describe("counts in the UI catalogs", () => {
  it("choose the counted word's form by ICU plural in both languages", () => {
    const problems: string[] = [];
    for (const [locale, catalog] of [
      ["pt", pt],
      ["en", en],
    ] as const) {
      for (const [key, value] of catalog) {
        if (typeof value !== "string") continue;
        for (const use of plainCounts(value)) problems.push(`${locale}.json ${key}: plain count ${use}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("catches a plain count beside its word, before or after", () => {
    expect(plainCounts("Seu plano permite {count} materiais aqui.")).toHaveLength(1);
    expect(plainCounts("acertou todas as {total} no quiz")).toHaveLength(1);
    expect(plainCounts("{written} de {total} aulas escritas")).toHaveLength(1);
    expect(plainCounts("{count, plural, one {# material} other {# materiais}}")).toEqual([]);
    expect(plainCounts("errou {missed} de {total} no quiz")).toEqual([]);
    expect(plainCounts("O limite é de {megabytes} MB.")).toEqual([]);
  });
});
