/**
 * A word-level diff of two texts, for an author to see what a save, a restore or a rewrite
 * changes (issue 35). Words and the spaces between them are the units, so a changed word shows
 * as one word out and one in, and joining the `same` and `added` parts gives the new text back
 * exactly (the `same` and `removed` parts, the old one).
 *
 * Myers' O((n + m) · d) algorithm after trimming the common start and end: a lesson's edit is
 * small against its length, so d is small. A change larger than `MAX_EDITS` units (a text
 * replaced wholesale) is told as the old text out and the new one in, which bounds the work.
 */

export type DiffPart = { op: "same" | "added" | "removed"; text: string };

/** Each round keeps a copy of its frontier: 1,000 rounds of a 2,000-wide one are 8 MB at most. */
const MAX_EDITS = 1000;

/** Words, runs of spaces and single punctuation marks, in order; joined they give the text. */
function diffUnits(text: string): string[] {
  return text.match(/\s+|[\p{L}\p{M}\p{N}_'’-]+|[^\s\p{L}\p{M}\p{N}_'’-]/gu) ?? [];
}

export function wordDiff(before: string, after: string): DiffPart[] {
  const a = diffUnits(before);
  const b = diffUnits(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: DiffPart[] = [];
  push(parts, "same", a.slice(0, start));
  const middle = myers(a.slice(start, endA), b.slice(start, endB));
  if (middle) for (const part of middle) push(parts, part.op, [part.text]);
  else {
    push(parts, "removed", a.slice(start, endA));
    push(parts, "added", b.slice(start, endB));
  }
  push(parts, "same", a.slice(endA));
  return joinedAcrossSpaces(parts);
}

/**
 * Changes kept apart only by a space read as one change: "one two three" replaced by "four five
 * six" is told as those three words out and three in, not as three pairs around kept spaces.
 */
function joinedAcrossSpaces(parts: DiffPart[]): DiffPart[] {
  const joined: DiffPart[] = [];
  let removed = "";
  let added = "";
  const flush = () => {
    if (removed) joined.push({ op: "removed", text: removed });
    if (added) joined.push({ op: "added", text: added });
    removed = added = "";
  };
  parts.forEach((part, i) => {
    if (part.op === "removed") removed += part.text;
    else if (part.op === "added") added += part.text;
    else if ((removed || added) && /^\s+$/.test(part.text) && parts[i + 1] && parts[i + 1].op !== "same") {
      removed += part.text;
      added += part.text;
    } else {
      flush();
      joined.push(part);
    }
  });
  flush();
  return joined;
}

/** What stands for the unchanged text `aroundChanges` leaves out. */
export const ELLIPSIS = " … ";

/**
 * The diff cut to the changes and up to `context` characters of kept text on each side (cut at a
 * space): what a reader needs to see what changed in a long text, not the whole text again.
 */
export function aroundChanges(parts: DiffPart[], context = 160): DiffPart[] {
  return parts.map((part, i) => {
    if (part.op !== "same") return part;
    const before = i > 0;
    const after = i < parts.length - 1;
    const keep = (before ? context : 0) + (after ? context : 0);
    if (part.text.length <= keep + ELLIPSIS.length) return part;
    const head = before ? part.text.slice(0, context).replace(/\S*$/, "") : "";
    const tail = after ? part.text.slice(-context).replace(/^\S*/, "") : "";
    return { op: "same", text: `${head}${ELLIPSIS}${tail}` };
  });
}

/** Whether two texts differ in more than spacing. */
export function changedWords(parts: DiffPart[]): { added: number; removed: number } {
  const count = (op: DiffPart["op"]) =>
    parts.filter((p) => p.op === op).reduce((n, p) => n + diffUnits(p.text).filter((u) => /\S/.test(u)).length, 0);
  return { added: count("added"), removed: count("removed") };
}

function push(parts: DiffPart[], op: DiffPart["op"], units: string[]) {
  if (!units.length) return;
  const text = units.join("");
  const last = parts[parts.length - 1];
  if (last?.op === op) last.text += text;
  else parts.push({ op, text });
}

/** The shortest edit script of a into b as single-unit parts, or null past MAX_EDITS edits. */
function myers(a: string[], b: string[]): DiffPart[] | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, offset, d);
    }
  }
  return null;
}

function backtrack(trace: Int32Array[], a: string[], b: string[], offset: number, depth: number): DiffPart[] {
  const parts: DiffPart[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = depth; d > 0; d--) {
    const v = trace[d];
    const k = x - y;
    const down = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]);
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      parts.push({ op: "same", text: a[--x] });
      y--;
    }
    if (down) parts.push({ op: "added", text: b[--y] });
    else parts.push({ op: "removed", text: a[--x] });
  }
  while (x > 0 && y > 0) {
    parts.push({ op: "same", text: a[--x] });
    y--;
  }
  return parts.reverse();
}
