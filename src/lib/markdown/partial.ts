/**
 * Markdown still being written, made safe to render as it stands: nothing half-typed shows as
 * raw syntax. An open code fence is closed (the code so far shows as code); a construct that is
 * not finished yet — `**bold`, `` `code``, `[link](htt`, a table's header row without its rule,
 * a lone `-` that may become a list or a heading underline — is held back until it is. Text
 * already whole is returned unchanged, so the last render of a stream equals the full render.
 */
export function repairPartialMarkdown(input: string): string {
  const text = unwrapOpeningFence(input);
  if (text === null) return "";
  const lines = text.split("\n");
  const complete = text.endsWith("\n");
  const lastIndex = lines.length - 1;

  // Fenced code first: inside a fence nothing is Markdown.
  let fence: { char: string; length: number; line: number } | null = null;
  let afterFence = 0;
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n];
    if (fence) {
      const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
      if (close && close[1][0] === fence.char && close[1].length >= fence.length && (n < lastIndex || complete)) {
        fence = null;
        afterFence = n + 1;
      }
      continue;
    }
    const open = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (open && !(open[1][0] === "`" && open[2].includes("`"))) {
      fence = { char: open[1][0], length: open[1].length, line: n };
    }
  }
  if (fence) {
    // The info string may still be arriving: an opening line not ended yet is held back.
    if (fence.line === lastIndex && !complete) return trimEnd(lines.slice(0, lastIndex).join("\n"));
    let body = lines.slice(0, complete ? lastIndex : lines.length);
    // A closing fence half typed would show its backticks inside the code.
    if (
      !complete &&
      body.length - 1 > fence.line &&
      new RegExp(`^ {0,3}\\${fence.char}+\\s*$`).test(body[body.length - 1])
    ) {
      body = body.slice(0, -1);
    }
    return `${body.join("\n")}\n${fence.char.repeat(fence.length)}`;
  }

  let keep = lines.length;
  if (!complete) {
    // `-`, `*`, `=`, `_` alone may become a list item, a rule or a heading underline.
    if (afterFence <= lastIndex && /^ {0,3}([-*+=_])[ \t]*(?:\1[ \t]*)*$/.test(lines[lastIndex])) keep = lastIndex;
  }
  keep = holdBackTable(lines, afterFence, keep);
  const kept = lines.slice(0, keep);
  const start = segmentStart(kept, afterFence);
  const offset = kept.slice(0, start).reduce((sum, line) => sum + line.length + 1, 0);
  const joined = kept.join("\n");
  const cut = unfinishedInline(joined, offset);
  if (cut === -1) return keep === lines.length ? text : trimEnd(joined);
  // A line left with only its marker (`- `, `> `, `## `) would be an empty item or, after a
  // paragraph, a heading underline.
  return trimEnd(
    joined
      .slice(0, cut)
      .replace(/\n {0,3}(?:>\s?)*(?:[-*+]|\d{1,9}[.)])?[ \t]*(?:\[[ xX]\][ \t]*)?(?:#{1,6}[ \t]*)?$/, ""),
  );
}

/** A whole answer wrapped in ```markdown: the opening line is dropped (and held while it arrives). */
function unwrapOpeningFence(text: string): string | null {
  const start = text.trimStart();
  if (
    !start.includes("\n") &&
    /^`{1,3}(?:m(?:a(?:r(?:k(?:d(?:o(?:w(?:n)?)?)?)?)?)?|d?)?)?$/i.test(start) &&
    start.length > 0
  )
    return null;
  const opening = /^```(?:markdown|md)[ \t]*\n/i.exec(start);
  if (!opening) return text;
  const body = start.slice(opening[0].length);
  return body.replace(/\n```\s*$/, "");
}

/** Trailing table lines with no complete delimiter row yet render as raw pipes: held back. */
function holdBackTable(lines: string[], from: number, keep: number): number {
  const ended = (n: number) => n < lines.length - 1;
  // The empty piece after a final newline is not a line of the table.
  const last = keep > from && lines[keep - 1] === "" ? keep - 1 : keep;
  let first = last;
  while (first - 1 >= from && /^ {0,3}\|/.test(lines[first - 1])) first--;
  if (first === last) return keep;
  const rule = first + 1;
  const ruled = rule < last && ended(rule) && /^ {0,3}\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/.test(lines[rule]);
  return ruled ? keep : first;
}

const BLOCK_START = /^ {0,3}(?:#{1,6}(?:\s|$)|>|[-*+](?:\s|$)|\d{1,9}[.)](?:\s|$)|\|)/;
const SELF_CONTAINED = /^ {0,3}(?:#{1,6}(?:\s|$)|\|)/;
/** Where a line's block marker ends: `> `, `- `, `1. `, `## `, `[ ] `. */
const LINE_PREFIX = /^ {0,3}(?:>\s?)*(?:(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?)?(?:#{1,6}\s+)?/;

/** The first line of the last run of lines that inline syntax can span (a paragraph, a list item). */
function segmentStart(lines: string[], from: number): number {
  let start = lines.length - 1;
  while (start > from) {
    const previous = lines[start - 1];
    if (!previous.trim() || BLOCK_START.test(lines[start]) || SELF_CONTAINED.test(previous)) break;
    start--;
  }
  return Math.max(start, from);
}

const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);
const isPunctuation = (c: string | undefined) => c !== undefined && /[\p{P}\p{S}]/u.test(c);

/**
 * The position of the first unfinished inline construct in `text` from `from` on, or -1. Follows
 * CommonMark's flanking rules closely enough that text a renderer would show literally is not
 * held (a `*` between spaces), while a real opener waits for its closer.
 */
function unfinishedInline(text: string, from: number): number {
  const end = text.length;
  const emphasis: { char: string; length: number; at: number }[] = [];
  const brackets: number[] = [];
  let i = from;
  let lineStart = true;
  while (i < end) {
    if (lineStart) {
      i += LINE_PREFIX.exec(text.slice(i))?.[0].length ?? 0;
      lineStart = false;
      continue;
    }
    const c = text[i];
    if (c === "\n") {
      lineStart = true;
      i++;
    } else if (c === "\\") {
      if (i + 1 === end) return i;
      i += 2;
    } else if (c === "`") {
      const run = runLength(text, i, c);
      const close = findRun(text, i + run, "`", run);
      if (close === -1) return earliest(i, emphasis, brackets);
      i = close + run;
    } else if (c === "*" || c === "_" || c === "~") {
      const run = runLength(text, i, c);
      const before = text[i - 1];
      const after = text[i + run];
      if (i + run === end) {
        // Nothing after it yet: a closer if it can close an opener, otherwise held back.
        // (`**bold*` is not closed yet: a shorter run would leave a `*` showing.)
        const opener = emphasis.findLastIndex((e) => e.char === c);
        if (opener !== -1 && !isSpace(before) && run >= emphasis[opener].length) {
          emphasis.splice(opener);
          i += run;
          continue;
        }
        return earliest(i, emphasis, brackets);
      }
      const left = !isSpace(after) && (!isPunctuation(after) || isSpace(before) || isPunctuation(before));
      const right = !isSpace(before) && (!isPunctuation(before) || isSpace(after) || isPunctuation(after));
      const canOpen = c === "_" ? left && (!right || isPunctuation(before)) : left;
      const canClose = c === "_" ? right && (!left || isPunctuation(after)) : right;
      const opener = canClose ? emphasis.findLastIndex((e) => e.char === c) : -1;
      if (opener !== -1) emphasis.splice(opener);
      else if (canOpen && (c !== "~" || run <= 2)) emphasis.push({ char: c, length: run, at: i });
      i += run;
    } else if (c === "[") {
      brackets.push(text[i - 1] === "!" ? i - 1 : i);
      i++;
    } else if (c === "]" && brackets.length > 0) {
      const at = brackets.pop()!;
      // `[text]` at the very end may still become a link.
      if (i + 1 === end) return earliest(at, emphasis, brackets);
      if (text[i + 1] === "(") {
        const close = closingParen(text, i + 2);
        if (close === -1) return earliest(at, emphasis, brackets);
        i = close + 1;
      } else {
        i++;
      }
    } else if (c === "<" && /^<[A-Za-z/!]/.test(text.slice(i, i + 2)) && !/^<[^\n>]*>/.test(text.slice(i))) {
      // An autolink or a tag still being typed.
      return earliest(i, emphasis, brackets);
    } else {
      i++;
    }
  }
  return emphasis.length || brackets.length ? earliest(end, emphasis, brackets) : -1;
}

function earliest(at: number, emphasis: { at: number }[], brackets: number[]): number {
  return Math.min(at, ...emphasis.map((e) => e.at), ...brackets);
}

function runLength(text: string, at: number, char: string): number {
  let n = 0;
  while (text[at + n] === char) n++;
  return n;
}

/** The next run of exactly `length` of `char` from `from`, or -1. */
function findRun(text: string, from: number, char: string, length: number): number {
  let i = text.indexOf(char, from);
  while (i !== -1) {
    const run = runLength(text, i, char);
    if (run === length) return i;
    i = text.indexOf(char, i + run);
  }
  return -1;
}

/** The `)` that ends a link destination opened just before `from` (nested parentheses allowed), or -1. */
function closingParen(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "\n" && text[i + 1] === "\n") return -1;
    else if (c === "(") depth++;
    else if (c === ")") {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

function trimEnd(text: string): string {
  return text.replace(/[ \t]+$/, "");
}
