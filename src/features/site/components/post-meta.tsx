import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { blogDateText } from "../blog-paths";

/** Category badge, date, and the "example" mark on seeded posts. */
export async function PostMeta({ post }: { post: { category: string; createdAt: string; example: boolean } }) {
  const t = await getTranslations("blog");
  const category = (["technology", "education", "ai", "programming", "design", "business"] as const).find(
    (c) => c === post.category,
  );
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
      <Badge variant="secondary">{category ? t(`categories.${category}`) : post.category}</Badge>
      <time dateTime={post.createdAt}>{blogDateText(post.createdAt)}</time>
      {post.example && <Badge variant="outline">{t("example")}</Badge>}
    </div>
  );
}
