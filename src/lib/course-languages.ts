/**
 * Course languages, shared by generation (what a course may be written in), the viewer, the cards,
 * the shared page and the exports (which `lang` and `dir` a course's text carries). One table, so
 * "which languages run right to left" is decided here only.
 */
export type Script =
  | "latin"
  | "cyrillic"
  | "arabic"
  | "han"
  | "japanese"
  | "hangul"
  | "devanagari"
  | "bengali"
  | "greek"
  | "hebrew"
  | "thai";

/**
 * The 38 course languages (SPEC section 9). `name` is what the contract sends and stores;
 * `code` (BCP 47) steers video search and is the `lang` of the course's text; `script` lets the
 * engine check an outline is in that language and decides the text's direction.
 */
export const COURSE_LANGUAGES = [
  { name: "English", code: "en", script: "latin" },
  { name: "Arabic", code: "ar", script: "arabic" },
  { name: "Bengali", code: "bn", script: "bengali" },
  { name: "Bulgarian", code: "bg", script: "cyrillic" },
  { name: "Chinese", code: "zh", script: "han" },
  { name: "Croatian", code: "hr", script: "latin" },
  { name: "Czech", code: "cs", script: "latin" },
  { name: "Danish", code: "da", script: "latin" },
  { name: "Dutch", code: "nl", script: "latin" },
  { name: "Estonian", code: "et", script: "latin" },
  { name: "Finnish", code: "fi", script: "latin" },
  { name: "French", code: "fr", script: "latin" },
  { name: "German", code: "de", script: "latin" },
  { name: "Greek", code: "el", script: "greek" },
  { name: "Hebrew", code: "he", script: "hebrew" },
  { name: "Hindi", code: "hi", script: "devanagari" },
  { name: "Hungarian", code: "hu", script: "latin" },
  { name: "Indonesian", code: "id", script: "latin" },
  { name: "Italian", code: "it", script: "latin" },
  { name: "Japanese", code: "ja", script: "japanese" },
  { name: "Korean", code: "ko", script: "hangul" },
  { name: "Latvian", code: "lv", script: "latin" },
  { name: "Lithuanian", code: "lt", script: "latin" },
  { name: "Norwegian", code: "no", script: "latin" },
  { name: "Polish", code: "pl", script: "latin" },
  { name: "Portuguese", code: "pt", script: "latin" },
  { name: "Romanian", code: "ro", script: "latin" },
  { name: "Russian", code: "ru", script: "cyrillic" },
  // Serbian is written in Cyrillic and in Latin: the engine does not check its script.
  { name: "Serbian", code: "sr", script: "latin" },
  { name: "Slovak", code: "sk", script: "latin" },
  { name: "Slovenian", code: "sl", script: "latin" },
  { name: "Spanish", code: "es", script: "latin" },
  { name: "Swahili", code: "sw", script: "latin" },
  { name: "Swedish", code: "sv", script: "latin" },
  { name: "Thai", code: "th", script: "thai" },
  { name: "Turkish", code: "tr", script: "latin" },
  { name: "Ukrainian", code: "uk", script: "cyrillic" },
  { name: "Vietnamese", code: "vi", script: "latin" },
] as const satisfies readonly { name: string; code: string; script: Script }[];

export type CourseLanguage = (typeof COURSE_LANGUAGES)[number]["name"];

export const COURSE_LANGUAGE_NAMES = COURSE_LANGUAGES.map((l) => l.name) as [CourseLanguage, ...CourseLanguage[]];

export const DEFAULT_COURSE_LANGUAGE: CourseLanguage = "English";

/** The contract's language name, matched case-insensitively ("english" → "English"). */
export function courseLanguageByName(name: string): (typeof COURSE_LANGUAGES)[number] | undefined {
  const wanted = name.trim().toLowerCase();
  return COURSE_LANGUAGES.find((l) => l.name.toLowerCase() === wanted);
}

/** Scripts written right to left. */
const RTL_SCRIPTS: ReadonlySet<Script> = new Set<Script>(["arabic", "hebrew"]);

/** The direction a course language's text runs; a name not in the table runs left to right. */
export function courseTextDirection(name: string): "rtl" | "ltr" {
  const entry = courseLanguageByName(name);
  return entry && RTL_SCRIPTS.has(entry.script) ? "rtl" : "ltr";
}

/**
 * The `lang` and `dir` for the element wrapping a course's text (the UI around it keeps the
 * interface's). A name not in the table leaves `lang` to the page and lets the browser find the
 * direction from the text.
 */
export type CourseTextAttributes = { lang?: string; dir: "rtl" | "ltr" | "auto" };
export function courseTextAttributes(name: string): CourseTextAttributes {
  const entry = courseLanguageByName(name);
  if (!entry) return { dir: "auto" };
  return { lang: entry.code, dir: courseTextDirection(name) };
}

/**
 * A course language's name in the reader's UI language ("English" reads "Inglês" in pt), from
 * the runtime's CLDR names by the table's code, so no list of 38 × 2 names is kept by hand. The
 * first letter is upper-cased: it stands alone as a value (pt writes "inglês" mid-sentence). A
 * name not in the table is shown as stored.
 */
export function courseLanguageLabel(name: string, uiLocale: string): string {
  const entry = courseLanguageByName(name);
  if (!entry) return name;
  const label = new Intl.DisplayNames([uiLocale], { type: "language", fallback: "none" }).of(entry.code);
  if (!label) return entry.name;
  return label.charAt(0).toLocaleUpperCase(uiLocale) + label.slice(1);
}
