import "server-only";
import { createTranslator } from "next-intl";
import en from "../../../messages/en.json";
import pt from "../../../messages/pt.json";
import { defaultLocale, type Locale } from "@/i18n/config";
import { loadPost, type Post } from "./blog";
import { blogDateText } from "./blog-paths";
import { shareCard } from "./og-image";

type CardText = { kicker: string; title: string; footer: string };

const translator = (locale: Locale) => createTranslator({ locale, messages: locale === "en" ? en : pt });

/** The public pages' card, in the page's language. */
export function siteCardText(locale: Locale): CardText {
  const t = translator(locale);
  return { kicker: t("shareCard.siteKicker"), title: t("shareCard.siteTitle"), footer: t("shareCard.siteFooter") };
}

/** A post's card: its title, its category as the blog names it in the page's language, and its date. */
export function postCardText(post: Pick<Post, "title" | "category" | "createdAt"> | null, locale: Locale): CardText {
  const t = translator(locale);
  if (!post) return { kicker: t("blog.title"), title: "Aula", footer: "" };
  const key = `blog.categories.${post.category}` as Parameters<typeof t>[0];
  const category = t.has(key) ? t(key) : post.category;
  return { kicker: `${t("blog.title")} · ${category}`, title: post.title, footer: blogDateText(post.createdAt) };
}

export function siteCard(locale: Locale) {
  return shareCard(siteCardText(locale));
}

/** A post's own share card (an unknown id gets the blog's card); `locale` is the page's, else the post's. */
export async function postCard(id: string, locale?: Locale) {
  const post = await loadPost(id);
  return shareCard(postCardText(post, locale ?? post?.locale ?? defaultLocale));
}
