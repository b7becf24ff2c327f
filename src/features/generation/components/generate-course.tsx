"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { notify } from "@/components/notify";
import { useSlowModel } from "@/components/slow-model";
import { postJson } from "@/lib/http/post-json";
import { DEFAULT_COURSE_LANGUAGE } from "../languages";
import { CourseForm } from "./course-form";
import type { FormValues, Preview } from "./generate-types";
import { OutlinePreview } from "./outline-preview";
import { useOutlineStream, type OutlineFailure } from "./use-outline-stream";
import { paths } from "@/lib/paths";
import { AddMaterial } from "@/features/sources/client";

const STORAGE_KEY = "aula.generate-course";
const INITIAL: FormValues = {
  topic: "",
  subtopics: [],
  topicsLimit: "4",
  courseType: "Text & Image Course",
  language: DEFAULT_COURSE_LANGUAGE,
};

/** What the page keeps: the form, the preview, and the material the learner unticked. */
type Saved = { values: FormValues; preview: Preview | null; untickedSources?: string[] };

/** The form and the preview survive a reload (and a duplicated tab keeps the same idempotency key). */
function loadSaved(): Saved | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Saved) : null;
  } catch {
    return null;
  }
}

/** Generate Course: the form, then the outline as it streams, then the course made from it. */
export function GenerateCourse({ paid }: { paid: boolean }) {
  const t = useTranslations("generate");
  const router = useRouter();
  const [values, setValues] = useState<FormValues>(INITIAL);
  const [creating, setCreating] = useState(false);
  const [creatingSince, setCreatingSince] = useState<number | null>(null);
  const topicInput = useRef<HTMLInputElement>(null);
  // The ready material the learner left ticked under "Add material", open or collapsed; what they
  // unticked is kept here, so it stays unticked after a preview is cancelled or the page reloaded.
  const [sourceIds, setSourceIds] = useState<string[]>([]);
  const [untickedSources, setUntickedSources] = useState<string[]>([]);
  const onSourcesChosen = useCallback((ids: string[]) => setSourceIds(ids), []);
  const restored = useRef(false);

  function failed(message?: string) {
    notify.error(t("errorTitle"), message || t("errorText"));
  }

  /** A plan limit says so; a model too slow for the server's budget says so; other failures keep the SPEC's generic text. */
  function refused(failure: OutlineFailure | null, shownBelow: (status: number) => boolean) {
    if (failure?.code?.startsWith("plan:")) notify.info(t("goPremiumTitle"), failure.message);
    else if (failure?.code === "ai:timeout" || (failure?.status !== undefined && shownBelow(failure.status)))
      failed(failure.message);
    else failed();
  }

  const { preview, setPreview, start, stop, abort } = useOutlineStream({
    onFailure: (failure) => refused(failure, (s) => s < 500 || s === 503),
  });
  const slow = useSlowModel(
    preview?.status === "streaming"
      ? `outline:${preview.startedAt}:${preview.progress}`
      : creating && creatingSince !== null
        ? `course:${creatingSince}`
        : null,
  );

  useEffect(() => {
    // Restored after hydration: sessionStorage does not exist on the server.
    const saved = loadSaved();
    if (saved) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- one-time restore from the browser's storage
      setValues({ ...INITIAL, ...saved.values });
      setUntickedSources(saved.untickedSources ?? []);
      // An outline that was still streaming when the page went away cannot be resumed; one kept
      // before outlines had a server copy cannot become a course.
      if (saved.preview?.status === "ready" && saved.preview.outlineId) setPreview(saved.preview);
    }
    restored.current = true;
    const stream = abort;
    return () => stream.current?.abort();
  }, [abort, setPreview]);

  useEffect(() => {
    if (!restored.current) return;
    try {
      sessionStorage.setItem(
        STORAGE_KEY,
        JSON.stringify({
          values,
          preview: preview?.status === "ready" ? preview : null,
          untickedSources,
        } satisfies Saved),
      );
    } catch {
      // storage full or disabled: the form still works, it is just not kept
    }
  }, [values, preview, untickedSources]);

  function backToForm() {
    stop();
    setCreating(false);
    requestAnimationFrame(() => topicInput.current?.focus());
  }

  async function createCourse() {
    if (!preview?.generatedText || !preview.idempotencyKey || creating) return;
    setCreating(true);
    setCreatingSince(Date.now());
    try {
      const response = await postJson(
        "/api/course",
        {
          mainTopic: preview.topic,
          type: preview.values.courseType,
          lang: preview.values.language,
          content: preview.generatedText,
          outlineId: preview.outlineId,
        },
        { headers: { "idempotency-key": preview.idempotencyKey } },
      );
      const body = (await response.json().catch(() => null)) as {
        success?: boolean;
        courseId?: string;
        code?: string;
        message?: string;
      } | null;
      if (!response.ok || !body?.success || !body.courseId) {
        setCreating(false);
        refused({ ...body, status: response.status }, (s) => s < 500);
        return;
      }
      sessionStorage.removeItem(STORAGE_KEY);
      router.push(paths.course(body.courseId));
    } catch {
      setCreating(false);
      failed();
    }
  }

  if (preview)
    return (
      <OutlinePreview preview={preview} slow={slow} creating={creating} onCancel={backToForm} onCreate={createCourse} />
    );
  return (
    <>
      <AddMaterial
        choice={{ unticked: untickedSources, onUntickedChange: setUntickedSources, onChosen: onSourcesChosen }}
      />
      <CourseForm
        paid={paid}
        values={values}
        setValues={setValues}
        topicInput={topicInput}
        onSubmit={(v) => void start(sourceIds.length ? { ...v, sourceIds } : v)}
      />
    </>
  );
}
