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
