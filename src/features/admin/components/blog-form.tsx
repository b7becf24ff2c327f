"use client";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import * as React from "react";
import { checkImageFile } from "@/components/editor/editor-rules";
import type { NotesEditorHandle } from "@/components/editor/rich-text-editor";
import { notify } from "@/components/notify";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { postForAnswer } from "@/lib/http/post-json";
import { BLOG_CATEGORIES, EXCERPT_HINT, type BlogCategory } from "../schemas";
import { paths } from "@/lib/paths";

const RichTextEditor = dynamic(() => import("@/components/editor/rich-text-editor").then((m) => m.NotesEditor), {
  ssr: false,
  loading: () => <Skeleton className="h-72 w-full" />,
});

type Locale = "pt" | "en";

export type BlogFormPost = {
  id: string;
  title: string;
  excerpt: string;
  category: BlogCategory;
  tags: string;
  locale: Locale;
  content: string;
  coverUrl: string | null;
};

/** Whether the editor holds anything: text, or a picture. */
function hasContent(html: string): boolean {
  const doc = new DOMParser().parseFromString(html, "text/html");
  return Boolean(doc.body.textContent?.trim()) || doc.body.querySelector("img") !== null;
}

/** Create Blog and Edit post: the SPEC's fields, the cover checked here and again by its bytes on the server. */
export function BlogForm({ post, defaultLocale }: { post?: BlogFormPost; defaultLocale: Locale }) {
  const t = useTranslations("admin");
  const tc = useTranslations("common");
  const router = useRouter();
  const editor = React.useRef<NotesEditorHandle>(null);
  const [title, setTitle] = React.useState(post?.title ?? "");
  const [excerpt, setExcerpt] = React.useState(post?.excerpt ?? "");
  const [category, setCategory] = React.useState<BlogCategory | "">(post?.category ?? "");
  const [tags, setTags] = React.useState(post?.tags ?? "");
  const [locale, setLocale] = React.useState<Locale>(post?.locale ?? defaultLocale);
  const [cover, setCover] = React.useState<string | null>(null);
  const [removeCover, setRemoveCover] = React.useState(false);
  const [saving, setSaving] = React.useState(false);

  const onCover = (file: File | undefined) => {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem === "type" || problem === "size") {
      notify.error(tc("errorTitle"), t(`blog.coverErrors.${problem}`));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      setCover(String(reader.result ?? ""));
      setRemoveCover(false);
    };
    reader.readAsDataURL(file);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const content = editor.current?.getHtml() ?? "";
    if (!title.trim() || !excerpt.trim() || !category || !hasContent(content)) {
      notify.error(tc("errorTitle"), t("blog.required"));
      return;
    }
    setSaving(true);
    const fields = { title, excerpt, category, tags, locale, content, image: cover };
    try {
      const { ok, data } = post
        ? await postForAnswer<{ message?: string }>("/api/admin/editblog", {
            ...fields,
            id: post.id,
            removeImage: removeCover,
          })
        : await postForAnswer<{ message?: string }>("/api/createblog", fields);
      if (!ok) {
        notify.error(tc("errorTitle"), data?.message ?? tc("internalError"));
        return;
      }
      notify.success(post ? t("blog.updated") : t("blog.created"));
      router.push(paths.admin("blogs"));
      router.refresh();
    } catch {
      notify.error(tc("errorTitle"), tc("internalError"));
    } finally {
      setSaving(false);
    }
  };

  const preview = cover ?? (removeCover ? null : (post?.coverUrl ?? null));
  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <div className="space-y-1.5">
        <Label htmlFor="blog-title">{t("blog.title")}</Label>
        <Input id="blog-title" value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="blog-excerpt">{t("blog.excerpt")}</Label>
        <textarea
          id="blog-excerpt"
          value={excerpt}
          onChange={(e) => setExcerpt(e.target.value)}
          required
          maxLength={1000}
          rows={3}
          aria-describedby="blog-excerpt-hint"
          className="w-full rounded-md border bg-transparent px-3 py-2 text-sm"
        />
        <p
          id="blog-excerpt-hint"
          className={`text-xs ${excerpt.length > EXCERPT_HINT ? "text-destructive" : "text-muted-foreground"}`}
        >
          {t("blog.excerptHint", { count: excerpt.length })}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="blog-category">{t("blog.category")}</Label>
          <select
            id="blog-category"
            value={category}
            onChange={(e) => setCategory(e.target.value as BlogCategory)}
            required
            className="h-9 w-full rounded-md border bg-background px-3 text-sm"
          >
            <option value="" disabled>
              {t("blog.category")}
            </option>
            {BLOG_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="blog-locale">{t("blog.language")}</Label>
          <select
            id="blog-locale"
            value={locale}
            onChange={(e) => setLocale(e.target.value as Locale)}
            className="h-9 w-full rounded-md border bg-background px-3 text-sm"
          >
            <option value="pt">{t("locales.pt")}</option>
            <option value="en">{t("locales.en")}</option>
          </select>
        </div>
      </div>
      <div className="space-y-1.5">
        <p className="text-sm font-medium" id="blog-content-label">
          {t("blog.content")}
        </p>
        <div className="flex min-h-72 flex-col">
          <RichTextEditor
            initialHtml={post?.content ?? ""}
            onDirty={() => {}}
            handle={editor}
            placeholder={t("editorPlaceholder")}
            testId="blog-editor"
            label={t("blog.content")}
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="blog-tags">{t("blog.tags")}</Label>
        <Input
          id="blog-tags"
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          maxLength={500}
          aria-describedby="blog-tags-hint"
        />
        <p id="blog-tags-hint" className="text-xs text-muted-foreground">
          {t("blog.tagsHint")}
        </p>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="blog-cover">{t("blog.cover")}</Label>
        <input
          id="blog-cover"
          type="file"
          accept="image/*"
          aria-describedby="blog-cover-hint"
          onChange={(e) => onCover(e.target.files?.[0])}
          className="block text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5"
        />
        <p id="blog-cover-hint" className="text-xs text-muted-foreground">
          {t("blog.coverHint")}
        </p>
        {preview ? (
          <div className="space-y-2">
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img
              src={preview}
              alt={t("blog.coverPreview")}
              className="aspect-[1200/630] w-full max-w-md rounded-md border object-cover"
            />
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                setCover(null);
                setRemoveCover(true);
              }}
            >
              {t("blog.removeCover")}
            </Button>
          </div>
        ) : null}
      </div>
      <Button type="submit" disabled={saving}>
        {post ? t("blog.saveChanges") : t("blog.publish")}
      </Button>
    </form>
  );
}
