/** Blog covers' addresses and dates; pure, so pages, routes and the sitemap agree. A post's own page is `paths.blogPost` (src/lib/paths.ts). */

/** The cover's route; the version (a digest of the bytes) lets browsers keep it for a year. */
export function blogImagePath(id: string, version: string): string {
  return `/api/blog/${id}/image?v=${version}`;
}

/** The SPEC's blog date: DD/MM/YYYY in both languages. */
export function blogDateText(iso: string): string {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(date.getUTCDate())}/${two(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}
