#!/usr/bin/env node
/**
 * `npm run eval:grounding` — how well the learner's material is found (issue 22, item 5), on the
 * fixed document set of scripts/grounding-set.mjs (pt, en, es, ja, zh, ar; PDF, DOCX, Markdown;
 * facts planted on known pages), with no embedding model:
 *
 *   - retrieval recall@8: a question counts when one of the 8 chunks searchSources answers
 *     (over all documents) holds its fact, on its page for PDFs. Goal ≥ 0.9.
 *   - share of lesson paragraphs with a resolvable citation: for each document, a course made
 *     from it has its lessons (titled by its questions) written by the lesson.write job with the
 *     fake model made source-aware; a prose paragraph counts when it keeps a citation whose
 *     quote is stored with the lesson. Goal ≥ 0.95.
 *   - ingestion time per 100 pages (a 300-page PDF, a 100-page DOCX; the issue asks ≤ 60 s for 300 PDF pages).
 *
 * PGlite by default; EVAL_DATABASE_URL names a PostgreSQL server to run it there instead.
 * Exits 1 when recall@8 or the paragraph share is under its goal.
 */
import { runSourcesEngine } from "./sources-run.mjs";

const GOAL = 0.9;
const PARAGRAPH_GOAL = 0.95;
const result = await runSourcesEngine("eval", process.env.EVAL_DATABASE_URL?.trim() || "");
const found = result.questions.filter((q) => q.rank !== null).length;
const recall = found / result.questions.length;

console.log(`Grounding eval on ${result.db} (no embedding model)\n`);
console.log("Documents:");
for (const d of result.documents)
  console.log(
    `  ${d.name.padEnd(16)} ${d.lang}  ${String(d.pages).padStart(3)} pages  ${d.ms.toFixed(0).padStart(6)} ms`,
  );
console.log("\nQuestions (rank of the first right chunk, – when not in the top 8):");
const byLang = new Map();
for (const q of result.questions) {
  console.log(`  ${q.lang}  ${(q.rank === null ? "–" : String(q.rank)).padStart(2)}  ${q.q}`);
  const l = byLang.get(q.lang) ?? { n: 0, found: 0 };
  l.n += 1;
  if (q.rank !== null) l.found += 1;
  byLang.set(q.lang, l);
}
console.log("\nRecall@8 by language: " + [...byLang].map(([lang, l]) => `${lang} ${l.found}/${l.n}`).join(", "));
console.log(
  `\nretrieval recall@8: ${recall.toFixed(3)} (${found}/${result.questions.length}; goal ≥ ${GOAL}) ${recall >= GOAL ? "PASS" : "FAIL"}`,
);
console.log("\nLessons written from each document (fake model, source-aware):");
for (const d of result.lessons)
  console.log(`  ${d.name.padEnd(16)} ${d.lang}  ${d.lessons} lessons  ${d.cited}/${d.paragraphs} paragraphs cited`);
const paragraphs = result.lessons.reduce((n, d) => n + d.paragraphs, 0);
const cited = result.lessons.reduce((n, d) => n + d.cited, 0);
const share = paragraphs === 0 ? 0 : cited / paragraphs;
console.log(
  `lesson paragraphs with a resolvable citation: ${share.toFixed(3)} (${cited}/${paragraphs}; goal ≥ ${PARAGRAPH_GOAL}) ${share >= PARAGRAPH_GOAL ? "PASS" : "FAIL"}`,
);
const per100 = (r) => (r.ms / r.pages) * 100;
console.log(
  `ingestion time per 100 pages: PDF ${(per100(result.pdf) / 1000).toFixed(2)} s (${result.pdf.pages} pages in ${(result.pdf.ms / 1000).toFixed(1)} s), DOCX ${(per100(result.docx) / 1000).toFixed(2)} s (${result.docx.pages} pages in ${(result.docx.ms / 1000).toFixed(1)} s)`,
);
process.exit(recall >= GOAL && share >= PARAGRAPH_GOAL ? 0 : 1);
