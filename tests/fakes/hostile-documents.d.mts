export function pptxWithSlide(body: string): Buffer;
export function unclosedParagraphsPptx(repeats?: number): Buffer;
export function spaceRunText(spaces?: number): string;
export function bracketMarkdown(chars?: number): string;
export function freeMaximumText(chars?: number): string;
export function pdfBomb(inflatedBytes?: number): Buffer;
export function overlappingZip(copies?: number): Buffer;
export function deepHtml(depth?: number, paragraphs?: number): string;
