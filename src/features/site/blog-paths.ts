/** Public addresses of blog posts and their covers; pure, so pages, routes and the sitemap agree. */

/** A readable slug from a title: accents dropped, lower case, words joined by dashes. */
export function postSlug(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}

/** `/blog/{id}` keeps working; the slug only makes the address readable. */
export function postPath(post: { id: string; title: string }): string {
  const slug = postSlug(post.title);
  return slug ? `/blog/${post.id}/${slug}` : `/blog/${post.id}`;
}

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
