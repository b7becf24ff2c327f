import { z } from "zod";

/** A source's id as routes receive it. */
export const sourceIdSchema = z.uuid();

/** POST /api/sources with JSON: a web address, or pasted text with its title. */
export const sourceJsonBodySchema = z.union([
  z.object({ url: z.url({ protocol: /^https?$/ }).max(2000), courseId: z.uuid().optional() }).strict(),
  z
    .object({
      text: z.string().trim().min(1).max(5_000_000),
      title: z.string().trim().min(1).max(200),
      courseId: z.uuid().optional(),
    })
    .strict(),
]);

export const sourceSearchQuerySchema = z.object({
  q: z.string().trim().min(1).max(500),
  k: z.coerce.number().int().min(1).max(50).default(8),
});

/** What GET /api/sources/{id} answers (and the list, per source). */
export type SourceView = {
  id: string;
  kind: string;
  title: string;
  status: "processing" | "ready" | "failed";
  /** Pages in all (null until known), and pages read so far: the job's progress, n of m. */
  pages: number | null;
  pagesRead: number;
  createdAt: string;
  error?: { code: string; message: string };
};
