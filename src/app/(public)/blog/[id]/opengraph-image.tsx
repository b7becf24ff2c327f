import { postCard } from "@/features/site/post-card-image";
import { OG_SIZE } from "@/features/site/og-image";

export const alt = "Aula blog post";
export const size = OG_SIZE;
export const contentType = "image/png";

export default async function Image({ params }: { params: Promise<{ id: string }> }) {
  return postCard((await params).id);
}
