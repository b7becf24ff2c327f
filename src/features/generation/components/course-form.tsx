"use client";
import { LockIcon, PlusIcon, XIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useMemo, useState, type ReactNode, type RefObject } from "react";
import { notify } from "@/components/notify";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { COURSE_LANGUAGE_NAMES, DEFAULT_COURSE_LANGUAGE } from "../languages";
import { COURSE_TYPES, FREE_CHOICES, MAX_USER_SUBTOPICS } from "@/features/plans/client";
import { TOPIC_MAX_LENGTH, TOPIC_MIN_LENGTH } from "../topic-length";
import type { FormValues } from "./generate-types";
import { paths } from "@/lib/paths";

/** The server's rule (generate:topic-short): a topic of at least 3 characters once trimmed. */
const topicValid = (topic: string) => topic.trim().length >= TOPIC_MIN_LENGTH;

/** The course request: topic, subtopics, size, type and language; choices outside the plan say Premium. */
export function CourseForm({
  paid,
  values,
  setValues,
  topicInput,
  onSubmit,
}: {
  paid: boolean;
  values: FormValues;
  setValues: (update: (values: FormValues) => FormValues) => void;
  topicInput: RefObject<HTMLInputElement | null>;
  onSubmit: (values: FormValues) => void;
}) {
  const t = useTranslations("generate");
  const router = useRouter();
  const tLanguage = useTranslations("courseLanguages");
  const ids = { topic: useId(), subtopic: useId(), language: useId(), topicError: useId(), languageError: useId() };
  const [subtopicDraft, setSubtopicDraft] = useState("");
  const [errors, setErrors] = useState<{ topic?: string; language?: string }>({});

  const languages = useMemo(() => {
    const collator = new Intl.Collator();
    const rest = COURSE_LANGUAGE_NAMES.filter((n) => n !== DEFAULT_COURSE_LANGUAGE).sort((a, b) =>
      collator.compare(tLanguage(a), tLanguage(b)),
    );
    return [DEFAULT_COURSE_LANGUAGE, ...rest];
  }, [tLanguage]);

  // Both toasts lead to the plans: a locked choice is a reason to look at them.
  const seePlans = { label: t("seePlans"), onClick: () => router.push(paths.pricing()) };

  function goPremium() {
    notify.info(t("goPremiumTitle"), t("goPremiumText"), seePlans);
  }

  function addSubtopic() {
    const value = subtopicDraft.trim();
    if (!value) return;
    if (values.subtopics.length >= MAX_USER_SUBTOPICS) {
      notify.info(t("upgradeTitle"), t("upgradeText"), seePlans);
      return;
    }
    setValues((v) => ({ ...v, subtopics: [...v.subtopics, value] }));
    setSubtopicDraft("");
  }

  function choose<K extends "topicsLimit" | "courseType" | "language">(key: K, value: FormValues[K], locked: boolean) {
    if (locked) return goPremium();
    setValues((v) => ({ ...v, [key]: value }));
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const topic = values.topic.trim();
    const nextErrors = {
      topic: topicValid(topic) ? undefined : t("topicMin"),
      language: values.language ? undefined : t("languageMissing"),
    };
    setErrors(nextErrors);
    if (nextErrors.topic || nextErrors.language) {
      (nextErrors.topic ? topicInput.current : document.getElementById(ids.language))?.focus();
      return;
    }
    onSubmit({ ...values, topic });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-8">
      <div className="space-y-2">
        <Label htmlFor={ids.topic}>{t("topic")}</Label>
        <Input
          ref={topicInput}
          id={ids.topic}
          value={values.topic}
          onChange={(e) => {
            const topic = e.target.value;
            setValues((v) => ({ ...v, topic }));
            // Once shown, the error goes as soon as the topic is long enough (not at the next submit).
            if (errors.topic && topicValid(topic)) setErrors((current) => ({ ...current, topic: undefined }));
          }}
          placeholder={t("topicPlaceholder")}
          maxLength={TOPIC_MAX_LENGTH}
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
              <li
                key={`${subtopic}-${index}`}
                className="flex items-center gap-1 rounded-full bg-secondary py-1 pr-1 pl-3 text-sm text-secondary-foreground"
              >
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
        <input
          type="radio"
          name={props.name}
          value={props.value}
          checked={props.checked}
          onChange={props.onChoose}
          className="size-4 accent-primary"
        />
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
