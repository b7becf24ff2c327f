import { escapeCode } from "./escape";

/**
 * A small tokenizer-based highlighter for the languages lessons use most. Each grammar is a list
 * of sticky patterns tried in order at the current position; text no pattern claims is copied
 * word by word, so a keyword is only ever matched at the start of a word. Classes are `hljs-*`,
 * the names the stored-HTML policy already allows on spans.
 */

type Rule = readonly [pattern: RegExp, className: string];

const words = (list: string, flags = "") =>
  new RegExp(`(?:${list.trim().split(/\s+/).join("|")})(?![\\w$])`, `y${flags}`);

const C_COMMENTS: Rule[] = [
  [/\/\/[^\n]*/y, "comment"],
  [/\/\*[\s\S]*?(?:\*\/|$)/y, "comment"],
];
const QUOTED: Rule[] = [
  [/"(?:[^"\\\n]|\\.)*"?/y, "string"],
  [/'(?:[^'\\\n]|\\.)*'?/y, "string"],
];
const NUMBER: Rule = [
  /(?:0[xX][\da-fA-F_]+|0[bB][01_]+|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?n?)(?![\w$])/y,
  "number",
];
const CALL: Rule = [/[A-Za-z_$][\w$]*(?=\s*\()/y, "title"];

const JS: Rule[] = [
  ...C_COMMENTS,
  ...QUOTED,
  [/`(?:[^`\\]|\\[\s\S])*`?/y, "string"],
  [/@[A-Za-z_$][\w$.]*/y, "meta"],
  NUMBER,
  [
    words(`abstract as async await break case catch class const continue debugger declare default delete do else enum export
      extends finally for from function get if implements import in instanceof interface keyof let namespace new of private
      protected public readonly return satisfies set static super switch this throw try type typeof var void while with yield`),
    "keyword",
  ],
  [words("true false null undefined NaN Infinity"), "literal"],
  [
    words(
      "console Math JSON Promise Array Object String Number Boolean Map Set Date Error RegExp Symbol document window process require module",
    ),
    "built_in",
  ],
  CALL,
];

const PYTHON: Rule[] = [
  [/#[^\n]*/y, "comment"],
  [/[rRbBuUfF]{0,2}("""|''')[\s\S]*?(?:\1|$)/y, "string"],
  [/[rRbBuUfF]{0,2}"(?:[^"\\\n]|\\.)*"?/y, "string"],
  [/[rRbBuUfF]{0,2}'(?:[^'\\\n]|\\.)*'?/y, "string"],
  [/@[\w.]+/y, "meta"],
  NUMBER,
  [
    words(`and as assert async await break case class continue def del elif else except finally for from global if import in is
      lambda match nonlocal not or pass raise return try while with yield`),
    "keyword",
  ],
  [words("True False None"), "literal"],
  [
    words(
      "print len range int str float list dict set tuple open type isinstance enumerate zip map filter sum min max sorted abs input super self",
    ),
    "built_in",
  ],
  CALL,
];

const JSON_RULES: Rule[] = [
  [/"(?:[^"\\\n]|\\.)*"(?=\s*:)/y, "attr"],
  [/"(?:[^"\\\n]|\\.)*"?/y, "string"],
  [/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y, "number"],
  [words("true false null"), "literal"],
];

const BASH: Rule[] = [
  [/#![^\n]*/y, "meta"],
  [/#[^\n]*/y, "comment"],
  [/"(?:[^"\\]|\\[\s\S])*"?/y, "string"],
  [/'[^']*'?/y, "string"],
  [/\$\{[^}\n]*\}?|\$\(|\$[\w@#?$!*-]/y, "variable"],
  [words("if then else elif fi for while until do done case esac in function return export local select"), "keyword"],
  [
    words(
      "echo cd ls cat grep sed awk sudo npm npx node pip python git curl wget mkdir rm cp mv chmod touch source exit set",
    ),
    "built_in",
  ],
  [/-?\d+(?![\w.-])/y, "number"],
];

const HTML: Rule[] = [
  [/<!--[\s\S]*?(?:-->|$)/y, "comment"],
  [/<!doctype[^>]*>?/iy, "meta"],
  [/(?<=<\/?)[A-Za-z][\w:-]*/y, "name"],
  [/[A-Za-z_:][\w:.-]*(?==)/y, "attr"],
  [/(?<==\s*)(?:"[^"]*"?|'[^']*'?)/y, "string"],
  [/&#?\w+;/y, "literal"],
];

const CSS: Rule[] = [
  [/\/\*[\s\S]*?(?:\*\/|$)/y, "comment"],
  ...QUOTED,
  [/@[\w-]+/y, "keyword"],
  [/#[\da-fA-F]{3,8}(?![\w-])/y, "number"],
  [/-?(?:\d+\.?\d*|\.\d+)(?:%|[a-zA-Z]+)?/y, "number"],
  [/--?[A-Za-z_][\w-]*(?=\s*:)|[A-Za-z][\w-]*(?=\s*:[^:{;]*;)/y, "attr"],
  [/[.#][A-Za-z_-][\w-]*/y, "title"],
  [words("important inherit initial unset none auto"), "literal"],
];

const SQL: Rule[] = [
  [/--[^\n]*/y, "comment"],
  [/\/\*[\s\S]*?(?:\*\/|$)/y, "comment"],
  [/'(?:[^']|'')*'?/y, "string"],
  [/"[^"\n]*"?/y, "attr"],
  NUMBER,
  [
    words(
      `select from where and or not insert into values update set delete create table drop alter add column primary key foreign
      references index view join inner left right full outer on as group by order having limit offset distinct union all
      case when then else end is in like between exists returning with default unique constraint check begin commit rollback asc desc`,
      "i",
    ),
    "keyword",
  ],
  [words("null true false", "i"), "literal"],
  [words("count sum avg min max now coalesce lower upper length substring cast round", "i"), "built_in"],
];

const GRAMMARS: Record<string, Rule[]> = {
  js: JS,
  javascript: JS,
  jsx: JS,
  mjs: JS,
  cjs: JS,
  ts: JS,
  typescript: JS,
  tsx: JS,
  py: PYTHON,
  python: PYTHON,
  python3: PYTHON,
  json: JSON_RULES,
  jsonc: JSON_RULES,
  bash: BASH,
  sh: BASH,
  shell: BASH,
  zsh: BASH,
  console: BASH,
  shellscript: BASH,
  html: HTML,
  xml: HTML,
  svg: HTML,
  xhtml: HTML,
  vue: HTML,
  css: CSS,
  scss: CSS,
  sql: SQL,
  postgresql: SQL,
  postgres: SQL,
  mysql: SQL,
  sqlite: SQL,
};

/** HTML for `code` with `<span class="hljs-…">` around keywords, strings, comments and numbers; escaped only, for a language without a grammar. */
export function highlightCode(code: string, language: string | undefined): string {
  const rules = language ? GRAMMARS[language.toLowerCase()] : undefined;
  if (!rules) return escapeCode(code);
  let html = "";
  let plain = "";
  let at = 0;
  scan: while (at < code.length) {
    for (const [pattern, className] of rules) {
      pattern.lastIndex = at;
      const match = pattern.exec(code);
      if (match && match[0].length > 0) {
        if (plain) html += escapeCode(plain);
        plain = "";
        html += `<span class="hljs-${className}">${escapeCode(match[0])}</span>`;
        at += match[0].length;
        continue scan;
      }
    }
    // A whole word at a time, so no pattern ever starts inside one.
    const word = /[\w$]+|\s+|[\s\S]/y;
    word.lastIndex = at;
    const piece = word.exec(code)![0];
    plain += piece;
    at += piece.length;
  }
  return html + (plain ? escapeCode(plain) : "");
}
