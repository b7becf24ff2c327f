import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { KnowledgeView } from "@/features/mastery/components/knowledge-view";
import { knowledgeFor } from "@/features/mastery/server";
import { requireUserPage } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("knowledge"))("title") };
}

/** /dashboard/knowledge, "What I know": due today, streak, reviews and retention, the weakest topics. */
export default async function KnowledgePage() {
  const user = await requireUserPage();
  const knowledge = await knowledgeFor(user.id);
  return <KnowledgeView knowledge={knowledge} />;
}
