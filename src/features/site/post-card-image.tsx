import "server-only";
import { loadPost } from "./blog";
import { blogDateText } from "./blog-paths";
import { shareCard } from "./og-image";

const CATEGORY: Record<string, string> = {
  ai: "AI",
  technology: "Technology",
  education: "Education",
  programming: "Programming",
  design: "Design",
  business: "Business",
};

/** The public pages' card. */
export function siteCard() {
  return shareCard({
    kicker: "AI course generator · Cursos com IA",
    title: "Turn any topic into a complete course",
    footer: "Quiz · Certificate · PDF · 38 languages",
  });
}

/** A post's own share card: its title, category and date (an unknown id gets the blog's card). */
export async function postCard(id: string) {
  const post = await loadPost(id);
  if (!post) return shareCard({ kicker: "Blog", title: "Aula", footer: "" });
  return shareCard({
    kicker: `Blog · ${CATEGORY[post.category] ?? post.category}`,
    title: post.title,
    footer: blogDateText(post.createdAt),
  });
}
