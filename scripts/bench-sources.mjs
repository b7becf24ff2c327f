#!/usr/bin/env node
/**
 * `npm run bench:sources` — the learner's material (decision 023): ingestion pages per second
 * for PDF (300 pages) and DOCX (200 pages of text), through the real `source.ingest` job; and
 * searchSources over 10,000 chunks (20 sources of 500), p50/p99 of 300 questions, beside
 * `select 1` on the same database (the floor GET /api/health stands on); then one 397-page PDF
 * searched with 200 two-word questions, by words alone and with the fake embedding model
 * (1,536 dimensions), p50/p95/p99 beside the floor timed before each search. PGlite always; then
 * PostgreSQL when BENCH_DATABASE_URL names a server (a fresh database there, dropped after).
 */
import { cpus, loadavg } from "node:os";
import { runSourcesEngine } from "./sources-run.mjs";

const ms = (v) => `${v < 10 ? v.toFixed(2) : v.toFixed(0)} ms`;
const runs = [["PGlite", ""]];
const server = process.env.BENCH_DATABASE_URL?.trim();
if (server) runs.push(["PostgreSQL", server]);

for (const [label, url] of runs) {
  const r = await runSourcesEngine("bench", url);
  console.log(
    `\n${label} (${r.db}), load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} on ${cpus().length} cores`,
  );
  console.log(
    `  ingestion  PDF  ${(r.pdf.pages / (r.pdf.ms / 1000)).toFixed(0).padStart(5)} pages/s (${r.pdf.pages} pages in ${(r.pdf.ms / 1000).toFixed(2)} s)`,
  );
  console.log(
    `  ingestion  DOCX ${(r.docx.pages / (r.docx.ms / 1000)).toFixed(0).padStart(5)} pages/s (${r.docx.pages} pages in ${(r.docx.ms / 1000).toFixed(2)} s)`,
  );
  console.log(`  search over ${r.chunks} chunks: p50 ${ms(r.search.p50)}, p99 ${ms(r.search.p99)}`);
  console.log(`  floor (select 1):           p50 ${ms(r.floor.p50)}, p99 ${ms(r.floor.p99)}`);
  const b = r.book;
  const line = (label, f) =>
    `  ${label.padEnd(16)} p50 ${ms(f.search.p50)}, p95 ${ms(f.search.p95)}, p99 ${ms(f.search.p99)}; floor p50 ${ms(f.floor.p50)}, p95 ${ms(f.floor.p95)}; p95 ${(f.search.p95 / f.floor.p95).toFixed(1)}× the floor's (goal ≤ 10×)`;
  console.log(`  one ${b.pages}-page PDF (${b.chunks} chunks), two-word questions:`);
  console.log(line("by words", b.words));
  console.log(line("with meaning", b.meaning));
  console.log(
    `  ${"".padEnd(16)} (1,536-dimension vectors written in ${(b.meaning.embedMs / 1000).toFixed(1)} s; the first search, which reads them, ${ms(b.meaning.firstMs)}; ${b.meaning.embeddingCalls} embedding calls)`,
  );
}
