export function makePdf(pages: string[][], options?: { encrypted?: boolean; scanned?: boolean }): Buffer;
export function makeZip(files: Record<string, string | Buffer | Uint8Array>, level?: number): Buffer;
export type DocxBlock = { heading: string; level?: number } | { text: string };
export function docxParts(blocks: DocxBlock[]): Record<string, string>;
export function makeDocx(blocks: DocxBlock[]): Buffer;
export function makePptx(slides: { title: string; lines: string[] }[]): Buffer;
export function makeZipBomb(inflatedBytes: number, options?: { lie?: boolean }): Buffer;
export const SEABIRD_PAGES: string[][];
