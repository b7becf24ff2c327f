export type GroundingFact = { page: number; needle: string; fact: string; q: string };
export type GroundingDocument = {
  name: string;
  lang: string;
  kind: "pdf" | "docx" | "md";
  bytes: Buffer;
  facts: GroundingFact[];
};
export function seeded(seed: number): () => number;
export function groundingSet(): GroundingDocument[];
export function longPdf(pages: number, seed?: number): Buffer;
export function longDocx(pages: number, seed?: number): Buffer;
