"use client";
import { LoaderCircleIcon, LockIcon, PlusIcon, XIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { notify } from "@/components/notify";
import { SlowModelNotice, useSlowModel } from "@/components/slow-model";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { COURSE_LANGUAGE_NAMES, DEFAULT_COURSE_LANGUAGE } from "../languages";
import { COURSE_TYPES, FREE_CHOICES, MAX_USER_SUBTOPICS, type CourseTypeLabel, type TopicsLimit } from "@/features/plans";
import { readNdjson } from "./read-ndjson";

type PreviewTopic = { title: string; subtopics: string[] };

type OutlineEvent =
  | { type: "start" }
  /** A keep-alive while the model is silent: nothing to show. */
  | { type: "waiting" }
  | { type: "topic"; index: number; topic: PreviewTopic }
  | { type: "retry"; attempt: number }
  | { type: "done"; generatedText: string; outlineId: string }
  | { type: "error"; code: string; message: string };

type FormValues = {
  topic: string;
  subtopics: string[];
  topicsLimit: TopicsLimit;
  courseType: CourseTypeLabel;
  language: string;
};

type Preview = {
  topic: string;
  topics: PreviewTopic[];
  status: "streaming" | "ready";
  retrying: boolean;
  /** When this outline was asked for, and how many pieces of it have come: the slow-model notice counts from the last. */
  startedAt: number;
  progress: number;
  generatedText?: string;
  /** The server's copy of this outline: the course is made from it. */
  outlineId?: string;
  /** One key per previewed outline: a double click, a retry or a duplicated tab creates one course. */
  idempotencyKey?: string;
  values: FormValues;
};

const STORAGE_KEY = "aula.generate-course";
const INITIAL: FormValues = { topic: "", subtopics: [], topicsLimit: "4", courseType: "Text & Image Course", language: DEFAULT_COURSE_LANGUAGE };

/** The form and the preview survive a reload (and a duplicated tab keeps the same idempotency key). */
function loadSaved(): { values: FormValues; preview: Preview | null } | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as { values: FormValues; preview: Preview | null }) : null;
  } catch {
    return null;
  }
}

function topicsFromContent(generatedText: string): PreviewTopic[] {
  const content = JSON.parse(generatedText) as Record<string, { title: string; subtopics: { title: string }[] }[]>;
  return (Object.values(content)[0] ?? []).map((t) => ({ title: t.title, subtopics: t.subtopics.map((s) => s.title) }));
}

export function GenerateCourse({ paid }: { paid: boolean }) {
  const t = useTranslations("generate");
  const tLanguage = useTranslations("courseLanguages");
  const router = useRouter();
  const ids = { topic: useId(), subtopic: useId(), language: useId(), topicError: useId(), languageError: useId() };
  const [values, setValues] = useState<FormValues>(INITIAL);
  const [subtopicDraft, setSubtopicDraft] = useState("");
  const [errors, setErrors] = useState<{ topic?: string; language?: string }>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [creating, setCreating] = useState(false);
  const [creatingSince, setCreatingSince] = useState<number | null>(null);
  const streamAbort = useRef<AbortController | null>(null);
  const topicInput = useRef<HTMLInputElement>(null);
  const restored = useRef(false);
  const slow = useSlowModel(
    preview?.status === "streaming" ? `outline:${preview.startedAt}:${preview.progress}` : creating && creatingSince !== null ? `course:${creatingSince}` : null,
  );

  useEffect(() => {
    // Restored after hydration: sessionStorage does not exist on the server.
    const saved = loadSaved();
    if (saved) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- one-time restore from the browser's storage
      setValues({ ...INITIAL, ...saved.values });
      // An outline that was still streaming when the page went away cannot be resumed; one kept
      // before outlines had a server copy cannot become a course.
      if (saved.preview?.status === "ready" && saved.preview.outlineId) setPreview(saved.preview);
    }
    restored.current = true;
    return () => streamAbort.current?.abort();
  }, []);

  useEffect(() => {
    if (!restored.current) return;
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ values, preview: preview?.status === "ready" ? preview : null }));
    } catch {
      // storage full or disabled: the form still works, it is just not kept
    }
  }, [values, preview]);

  const languages = useMemo(() => {
    const collator = new Intl.Collator();
    const rest = COURSE_LANGUAGE_NAMES.filter((n) => n !== DEFAULT_COURSE_LANGUAGE).sort((a, b) => collator.compare(tLanguage(a), tLanguage(b)));
    return [DEFAULT_COURSE_LANGUAGE, ...rest];
  }, [tLanguage]);

  function goPremium() {
    notify.info(t("goPremiumTitle"), t("goPremiumText"));
  }

  function addSubtopic() {
    const value = subtopicDraft.trim();
    if (!value) return;
    if (values.subtopics.length >= MAX_USER_SUBTOPICS) {
      notify.info(t("upgradeTitle"), t("upgradeText"));
      return;
    }
    setValues((v) => ({ ...v, subtopics: [...v.subtopics, value] }));
    setSubtopicDraft("");
  }

  function choose<K extends "topicsLimit" | "courseType" | "language">(key: K, value: FormValues[K], locked: boolean) {
    if (locked) return goPremium();
    setValues((v) => ({ ...v, [key]: value }));
  }

  function backToForm() {
    streamAbort.current?.abort();
    setPreview(null);
    setCreating(false);
    requestAnimationFrame(() => topicInput.current?.focus());
  }

  function failed(message?: string) {
    notify.error(t("errorTitle"), message || t("errorText"));
  }

  /** A model too slow for the server's budget says so; other failures keep the SPEC's generic text. */
  const timeoutMessage = (failure: { code?: string; message?: string } | null) => (failure?.code === "ai:timeout" ? failure.message : undefined);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const topic = values.topic.trim();
    const nextErrors = {
      topic: topic.length < 3 ? t("topicMin") : undefined,
      language: values.language ? undefined : t("languageMissing"),
    };
    setErrors(nextErrors);
    if (nextErrors.topic || nextErrors.language) {
      (nextErrors.topic ? topicInput.current : document.getElementById(ids.language))?.focus();
      return;
    }
    const snapshot = { ...values, topic };
    const controller = new AbortController();
    streamAbort.current?.abort();
    streamAbort.current = controller;
    setPreview({ topic, topics: [], status: "streaming", retrying: false, startedAt: Date.now(), progress: 0, values: snapshot });
    try {
      const response = await fetch("/api/prompt/stream", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(snapshot),
        signal: controller.signal,
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
        setPreview(null);
        if (body?.code?.startsWith("plan:")) notify.info(t("goPremiumTitle"), body.message);
        else failed(response.status < 500 || response.status === 503 ? body?.message : undefined);
        return;
      }
      for await (const item of readNdjson<OutlineEvent>(response)) {
        if (controller.signal.aborted) return;
        if (item.type === "topic") {
          setPreview((p) => {
            if (!p) return p;
            const topics = [...p.topics];
            topics[item.index] = item.topic;
            return { ...p, topics, retrying: false, progress: p.progress + 1 };
          });
        } else if (item.type === "retry") {
          setPreview((p) => (p ? { ...p, topics: [], retrying: true, progress: p.progress + 1 } : p));
        } else if (item.type === "done") {
          const { generatedText, outlineId } = item;
          setPreview((p) =>
            p
              ? { ...p, topics: topicsFromContent(generatedText), status: "ready", retrying: false, generatedText, outlineId, idempotencyKey: crypto.randomUUID() }
              : p,
          );
          return;
        } else if (item.type === "error") {
          setPreview(null);
          failed(timeoutMessage(item));
          return;
        }
      }
      // The stream ended without its last event: the connection dropped.
      setPreview(null);
      failed();
    } catch {
      if (controller.signal.aborted) return;
      setPreview(null);
      failed();
    }
  }

  async function createCourse() {
    if (!preview?.generatedText || !preview.idempotencyKey || creating) return;
    setCreating(true);
    setCreatingSince(Date.now());
    try {
      const response = await fetch("/api/course", {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": preview.idempotencyKey },
        body: JSON.stringify({
          mainTopic: preview.topic,
          type: preview.values.courseType,
          lang: preview.values.language,
          content: preview.generatedText,
          outlineId: preview.outlineId,
        }),
      });
      const body = (await response.json().catch(() => null)) as { success?: boolean; courseId?: string; code?: string; message?: string } | null;
      if (!response.ok || !body?.success || !body.courseId) {
        setCreating(false);
        if (body?.code?.startsWith("plan:")) notify.info(t("goPremiumTitle"), body.message);
        else failed(response.status < 500 ? body?.message : timeoutMessage(body));
        return;
      }
      sessionStorage.removeItem(STORAGE_KEY);
      router.push(`/course/${body.courseId}`);
    } catch {
      setCreating(false);
      failed();
    }
  }

  if (preview) {
    const waiting = preview.topics.filter(Boolean).length === 0;
    return (
      <section aria-labelledby="preview-title" className="space-y-6" aria-busy={preview.status === "streaming"}>
        <div className="space-y-1">
          <h2 id="preview-title" className="text-2xl font-bold tracking-tight break-words">
            {preview.topic.toUpperCase()}
          </h2>
          <p className="text-muted-foreground">{t("previewSubtitle")}</p>
        </div>
        <div aria-live="polite" className="sr-only">
          {preview.status === "streaming" ? t("structureLoading") : ""}
        </div>
        {slow ? (
          <SlowModelNotice />
        ) : (
          (waiting || preview.retrying) && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
              {preview.retrying ? t("retrying") : t("structureLoading")}
            </p>
          )
        )}
        <ol className="space-y-4" data-testid="outline-preview">
          {preview.topics.map((topic, index) =>
            topic ? (
              <li key={index} className="rounded-lg border bg-card p-4">
                <h3 className="font-semibold">{topic.title}</h3>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
                  {topic.subtopics.map((subtopic, i) => (
                    <li key={i}>{subtopic}</li>
                  ))}
                </ul>
              </li>
            ) : null,
          )}
          {preview.status === "streaming" && !waiting && (
            <li aria-hidden className="h-20 animate-pulse rounded-lg border border-dashed bg-muted/40" />
          )}
        </ol>
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="outline" onClick={backToForm} disabled={creating}>
            {t("cancel")}
          </Button>
          <Button type="button" onClick={createCourse} disabled={preview.status !== "ready" || creating}>
            {creating && <LoaderCircleIcon className="animate-spin" aria-hidden />}
            {creating ? t("generating") : t("generateCourse")}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-8">
      <div className="space-y-2">
        <Label htmlFor={ids.topic}>{t("topic")}</Label>
        <Input
          ref={topicInput}
          id={ids.topic}
          value={values.topic}
          onChange={(e) => setValues((v) => ({ ...v, topic: e.target.value }))}
          placeholder={t("topicPlaceholder")}
          maxLength={200}
          aria-invalid={Boolean(errors.topic)}
          aria-describedby={errors.topic ? ids.topicError : undefined}
        />
        {errors.topic && (
          <p id={ids.topicError} className="text-sm text-destructive">
            {errors.topic}
          </p>
        )}
      </div>

      <div className="space-y-2">
        <Label htmlFor={ids.subtopic}>{t("subtopic")}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={ids.subtopic}
            value={subtopicDraft}
            onChange={(e) => setSubtopicDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                addSubtopic();
              }
            }}
            placeholder={t("subtopicPlaceholder")}
            maxLength={200}
          />
          <Button type="button" variant="secondary" onClick={addSubtopic}>
            <PlusIcon aria-hidden />
            {t("addSubtopic")}
          </Button>
        </div>
        {values.subtopics.length > 0 && (
          <ul aria-label={t("subtopicsLabel")} className="flex flex-wrap gap-2 pt-1">
            {values.subtopics.map((subtopic, index) => (
              <li key={`${subtopic}-${index}`} className="flex items-center gap-1 rounded-full bg-secondary py-1 pr-1 pl-3 text-sm text-secondary-foreground">
                <span className="max-w-[16rem] truncate">{subtopic}</span>
                <button
                  type="button"
                  className="rounded-full p-1 hover:bg-background/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  aria-label={t("removeSubtopic", { subtopic })}
                  onClick={() => setValues((v) => ({ ...v, subtopics: v.subtopics.filter((_, i) => i !== index) }))}
                >
                  <XIcon className="size-3.5" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">{t("topicsCount")}</legend>
        <div className="grid grid-cols-2 gap-3">
          {(["4", "8"] as const).map((limit) => {
            const locked = !paid && limit !== FREE_CHOICES.topicsLimit;
            return (
              <PlanOption
                key={limit}
                name="topicsLimit"
                value={limit}
                checked={values.topicsLimit === limit}
                onChoose={() => choose("topicsLimit", limit, locked)}
                lockedLabel={locked ? t("premium") : null}
              >
                {limit === "4" ? "5" : "10"}
              </PlanOption>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">{t("courseType")}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {COURSE_TYPES.map((type) => {
            const locked = !paid && type !== FREE_CHOICES.courseType;
            return (
              <PlanOption
                key={type}
                name="courseType"
                value={type}
                checked={values.courseType === type}
                onChoose={() => choose("courseType", type, locked)}
                lockedLabel={locked ? t("premium") : null}
              >
                {type === "Text & Image Course" ? t("textImage") : t("videoText")}
              </PlanOption>
            );
          })}
        </div>
      </fieldset>

      <div className="space-y-2">
        <Label htmlFor={ids.language}>{t("language")}</Label>
        <select
          id={ids.language}
          value={values.language}
          onChange={(e) => choose("language", e.target.value, !paid && e.target.value !== FREE_CHOICES.language)}
          className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm"
          aria-invalid={Boolean(errors.language)}
          aria-describedby={errors.language ? ids.languageError : undefined}
        >
          {languages.map((name) => {
            const locked = !paid && name !== FREE_CHOICES.language;
            return (
              <option key={name} value={name}>
                {locked ? t("premiumOnly", { option: tLanguage(name) }) : tLanguage(name)}
              </option>
            );
          })}
        </select>
        {errors.language && (
          <p id={ids.languageError} className="text-sm text-destructive">
            {errors.language}
          </p>
        )}
      </div>

      <Button type="submit" size="lg" className="w-full sm:w-auto">
        {t("submit")}
      </Button>
    </form>
  );
}

/** One radio choice of the form; a choice the plan does not include shows the Premium mark. */
function PlanOption(props: {
  name: string;
  value: string;
  checked: boolean;
  onChoose: () => void;
  /** The mark's text when the choice is locked for this plan, else null. */
  lockedLabel: string | null;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        "flex cursor-pointer items-center justify-between gap-2 rounded-lg border px-4 py-3 text-sm font-medium transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
        props.checked ? "border-primary bg-primary/5" : "hover:bg-accent",
        props.lockedLabel && "text-muted-foreground",
      )}
    >
      <span className="flex items-center gap-3">
        <input type="radio" name={props.name} value={props.value} checked={props.checked} onChange={props.onChoose} className="size-4 accent-primary" />
        {props.children}
      </span>
      {props.lockedLabel && <PremiumMark label={props.lockedLabel} />}
    </label>
  );
}

function PremiumMark({ label }: { label: string }) {
  return (
    <span className="flex items-center gap-1 rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:text-amber-300">
      <LockIcon className="size-3" aria-hidden />
      {label}
    </span>
  );
}
