/**
 * The 38 course languages (SPEC section 9). `name` is what the contract sends and stores;
 * `code` steers video search; `script` lets the engine check an outline is in that language.
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

const SCRIPT_PATTERNS: Record<Exclude<Script, "latin">, RegExp> = {
  cyrillic: /\p{Script=Cyrillic}/u,
  arabic: /\p{Script=Arabic}/u,
  han: /\p{Script=Han}/u,
  japanese: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  hangul: /\p{Script=Hangul}/u,
  devanagari: /\p{Script=Devanagari}/u,
  bengali: /\p{Script=Bengali}/u,
  greek: /\p{Script=Greek}/u,
  hebrew: /\p{Script=Hebrew}/u,
  thai: /\p{Script=Thai}/u,
};

/**
 * Whether a text looks written in the language's script: for non-Latin scripts, at least a
 * fifth of its letters are in that script (technical terms in Latin letters are normal).
 * Latin-script languages cannot be told apart this way and always pass.
 */
export function looksWrittenIn(text: string, language: string): boolean {
  const entry = courseLanguageByName(language);
  if (!entry || entry.script === "latin") return true;
  const letters = Array.from(text).filter((c) => /\p{L}/u.test(c));
  if (letters.length === 0) return false;
  const pattern = SCRIPT_PATTERNS[entry.script];
  const inScript = letters.filter((c) => pattern.test(c)).length;
  return inScript / letters.length >= 0.2;
}
