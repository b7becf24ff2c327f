import { courseLanguageByName, type Script } from "@/lib/course-languages";

// The table lives in src/lib so the viewer, the cards and the exports read the same one.
export {
  COURSE_LANGUAGES,
  COURSE_LANGUAGE_NAMES,
  DEFAULT_COURSE_LANGUAGE,
  courseLanguageByName,
  type CourseLanguage,
} from "@/lib/course-languages";

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
