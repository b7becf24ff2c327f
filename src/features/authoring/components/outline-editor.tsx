"use client";

import {
  ArrowDownIcon,
  ArrowUpIcon,
  GripVerticalIcon,
  PlusIcon,
  RotateCcwIcon,
  SparklesIcon,
  Trash2Icon,
} from "lucide-react";
import { useTranslations } from "next-intl";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { CourseTextAttributes } from "@/lib/course-languages";
import { paths } from "@/lib/paths";
import { EditorBar, useLeaveWarning, type SaveState } from "./editor-bar";

type Lesson = { id?: string; title: string; written?: boolean };
type Topic = { id?: string; title: string; lessons: Lesson[] };
type Removed = { topics: Topic[]; lessons: (Lesson & { topicId: string })[] };
export type EditableOutline = {
  version: number;
  topics: Topic[];
  removedTopics: Topic[];
  removedLessons: (Lesson & { id: string; topicId: string })[];
};

// Each row keeps a key of its own while it moves, so React moves its input (and the focus) with it.
type LessonDraft = Lesson & { key: string };
type TopicDraft = Omit<Topic, "lessons"> & { key: string; lessons: LessonDraft[] };
type Dragged = { kind: "topic"; topic: number } | { kind: "lesson"; topic: number; lesson: number };

let keys = 0;
const key = () => `o${++keys}`;
const draftsOf = (topics: Topic[]): TopicDraft[] =>
  topics.map((t) => ({ ...t, key: key(), lessons: t.lessons.map((l) => ({ ...l, key: key() })) }));
const posted = (topics: TopicDraft[]) =>
  topics.map((t) => ({
    ...(t.id ? { id: t.id } : {}),
    title: t.title.trim(),
    lessons: t.lessons.map((l) => ({ ...(l.id ? { id: l.id } : {}), title: l.title.trim() })),
  }));

/** Moves item `from` of a list to `to` (an index in the list without it). */
function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/**
 * The course's outline as its author edits it (issue 35): topics and lessons renamed, added,
 * moved by dragging or from the keyboard (Alt+↑ and Alt+↓ on a title, or the move buttons), and
 * removed. A removed one is listed below to be restored: on the server it is archived with
 * everything its learners did. The save names the version it started from; when another save
 * came first, the author's outline stays on screen and they choose to load the stored one or
 * save theirs over it.
 */
export function OutlineEditor({
  courseId,
  initial,
  courseHref,
  text,
}: {
  courseId: string;
  initial: EditableOutline;
  courseHref: string;
  text: CourseTextAttributes;
}) {
  const t = useTranslations("authoring.outline");
  const tr = useTranslations("authoring.topicRewrite");
  const [topics, setTopics] = React.useState<TopicDraft[]>(() => draftsOf(initial.topics));
  const [removed, setRemoved] = React.useState<Removed>(() => ({
    topics: initial.removedTopics,
    lessons: initial.removedLessons,
  }));
  const [saved, setSaved] = React.useState(() => JSON.stringify(posted(draftsOf(initial.topics))));
  const [version, setVersion] = React.useState(initial.version);
  const [state, setState] = React.useState<SaveState>({ kind: "idle" });
  const [conflict, setConflict] = React.useState<(EditableOutline & { message: string }) | null>(null);
  const [announcement, setAnnouncement] = React.useState("");
  const [dragged, setDragged] = React.useState<Dragged | null>(null);
  const unsaved = JSON.stringify(posted(topics)) !== saved;
  // The title to focus once the move or addition has rendered (an object, so the same id twice refocuses).
  const [focusTarget, focusAfter] = React.useState<{ id: string } | null>(null);

  useLeaveWarning(unsaved);

  // After a move, the moved title keeps the focus (its row was re-ordered under it).
  React.useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget.id)?.focus();
  }, [focusTarget]);

  const edit = (next: (all: TopicDraft[]) => TopicDraft[]) => {
    setTopics(next);
    setState({ kind: "idle" });
  };
  const label = (title: string, fallback: string) => title.trim() || fallback;

  const moveTopic = (from: number, to: number) => {
    if (to < 0 || to >= topics.length || from === to) return;
    const topic = topics[from];
    focusAfter({ id: `${topic.key}-title` });
    edit((all) => moved(all, from, to));
    setAnnouncement(t("topicMoved", { title: label(topic.title, t("untitled")), position: to + 1 }));
  };

  /** Moves a lesson within its topic, or past the topic's edge into the one before or after. */
  const moveLesson = (topic: number, from: number, to: number, toTopic = topic) => {
    const lesson = topics[topic]?.lessons[from];
    if (!lesson || !topics[toTopic]) return;
    focusAfter({ id: `${lesson.key}-title` });
    edit((all) => {
      const next = all.map((x) => ({ ...x, lessons: [...x.lessons] }));
      const [item] = next[topic].lessons.splice(from, 1);
      next[toTopic].lessons.splice(Math.max(0, Math.min(to, next[toTopic].lessons.length)), 0, item);
      return next;
    });
    const position = Math.max(0, Math.min(to, topics[toTopic].lessons.length - (toTopic === topic ? 1 : 0))) + 1;
    setAnnouncement(
      t("lessonMoved", {
        title: label(lesson.title, t("untitled")),
        position,
        topic: label(topics[toTopic].title, t("topicN", { n: toTopic + 1 })),
      }),
    );
  };
  const lessonUp = (topic: number, index: number) =>
    index > 0
      ? moveLesson(topic, index, index - 1)
      : topic > 0 && moveLesson(topic, index, topics[topic - 1].lessons.length, topic - 1);
  const lessonDown = (topic: number, index: number) =>
    index < topics[topic].lessons.length - 1
      ? moveLesson(topic, index, index + 1)
      : topic < topics.length - 1 && moveLesson(topic, index, 0, topic + 1);

  const addTopic = () => {
    const topic: TopicDraft = { key: key(), title: "", lessons: [{ key: key(), title: "" }] };
    focusAfter({ id: `${topic.key}-title` });
    edit((all) => [...all, topic]);
  };
  const addLesson = (topic: number) => {
    const lesson: LessonDraft = { key: key(), title: "" };
    focusAfter({ id: `${lesson.key}-title` });
    edit((all) => all.map((x, i) => (i === topic ? { ...x, lessons: [...x.lessons, lesson] } : x)));
  };
  const removeTopic = (index: number) => {
    const topic = topics[index];
    edit((all) => all.filter((_, i) => i !== index));
    // Only what the server knows is listed to restore; a topic added since is simply gone.
    if (topic.id) {
      const known = topic.lessons.filter((l) => l.id);
      setRemoved((r) => ({ ...r, topics: [...r.topics, { id: topic.id, title: topic.title, lessons: known }] }));
    }
    setAnnouncement(t("topicRemoved", { title: label(topic.title, t("untitled")) }));
  };
  const removeLesson = (topic: number, index: number) => {
    const lesson = topics[topic].lessons[index];
    edit((all) => all.map((x, i) => (i === topic ? { ...x, lessons: x.lessons.filter((_, j) => j !== index) } : x)));
    if (lesson.id) {
      const topicId = topics[topic].id ?? "";
      setRemoved((r) => ({ ...r, lessons: [...r.lessons, { ...lesson, topicId }] }));
    }
    setAnnouncement(t("lessonRemoved", { title: label(lesson.title, t("untitled")) }));
  };
  const restoreTopic = (index: number) => {
    const topic = removed.topics[index];
    setRemoved((r) => ({ ...r, topics: r.topics.filter((_, i) => i !== index) }));
    edit((all) => [...all, ...draftsOf([topic])]);
    setAnnouncement(t("restoredAtEnd", { title: topic.title }));
  };
  const restoreLesson = (index: number) => {
    const lesson = removed.lessons[index];
    setRemoved((r) => ({ ...r, lessons: r.lessons.filter((_, i) => i !== index) }));
    // Back at the end of its topic, or of the last topic when its own is not in the outline.
    edit((all) => {
      const home = all.findIndex((x) => x.id === lesson.topicId);
      const target = home >= 0 ? home : all.length - 1;
      return all.map((x, i) => (i === target ? { ...x, lessons: [...x.lessons, { ...lesson, key: key() }] } : x));
    });
    setAnnouncement(t("restoredAtEnd", { title: lesson.title }));
  };

  /** What the server would refuse, said before anything is sent. */
  const problem = (): string | null => {
    if (topics.length === 0) return t("needsTopic");
    for (const [i, topic] of topics.entries()) {
      if (!topic.title.trim()) return t("topicUntitled", { n: i + 1 });
      if (topic.lessons.length === 0) return t("topicEmpty", { n: i + 1 });
      if (topic.lessons.some((l) => !l.title.trim())) return t("lessonUntitled", { n: i + 1 });
    }
    return null;
  };

  const apply = (outline: EditableOutline) => {
    setTopics(draftsOf(outline.topics));
    setRemoved({ topics: outline.removedTopics, lessons: outline.removedLessons });
    setSaved(JSON.stringify(posted(draftsOf(outline.topics))));
    setVersion(outline.version);
    setConflict(null);
  };

  const save = async (baseVersion = version) => {
    const wrong = problem();
    if (wrong) return setState({ kind: "failed", message: wrong });
    setState({ kind: "saving" });
    try {
      const response = await fetch(`/api/courses/${courseId}/outline`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ version: baseVersion, topics: posted(topics) }),
      });
      const data = (await response.json().catch(() => null)) as
        (Partial<EditableOutline> & { message?: string; current?: EditableOutline }) | null;
      if (response.status === 409 && data?.current) {
        setConflict({ ...data.current, message: data.message ?? t("conflict") });
        return setState({ kind: "idle" });
      }
      if (!response.ok || !data?.topics) throw new Error(data?.message ?? t("saveFailed"));
      apply(data as EditableOutline);
      setState({ kind: "saved" });
    } catch (error) {
      setState({ kind: "failed", message: error instanceof Error ? error.message : t("saveFailed") });
    }
  };

  /** Alt+↑ / Alt+↓ on a title moves its row. */
  const moveKeys = (up: () => void, down: () => void) => (event: React.KeyboardEvent) => {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    if (event.key === "ArrowUp") up();
    else down();
  };

  const drop = (target: { topic: number; lesson?: number }) => (event: React.DragEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!dragged) return;
    if (dragged.kind === "topic") moveTopic(dragged.topic, target.topic);
    else if (target.lesson === undefined)
      moveLesson(dragged.topic, dragged.lesson, topics[target.topic].lessons.length, target.topic);
    else moveLesson(dragged.topic, dragged.lesson, target.lesson, target.topic);
    setDragged(null);
  };
  const allowDrop = (event: React.DragEvent) => {
    if (dragged) event.preventDefault();
  };
  const dragStart = (what: Dragged) => (event: React.DragEvent) => {
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", "");
    event.stopPropagation();
    setDragged(what);
  };

  return (
    <div className="space-y-6">
      <EditorBar
        backHref={courseHref}
        backLabel={t("back")}
        state={state}
        unsaved={unsaved}
        savedText={t("saved")}
        canSave={!conflict}
        onSave={() => void save()}
      />
      <p className="text-sm text-muted-foreground">{t("help")}</p>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {conflict ? (
        <section
          role="alert"
          aria-labelledby="outline-conflict"
          className="space-y-3 rounded-lg border border-amber-500 p-4"
        >
          <h2 id="outline-conflict" className="font-semibold">
            {t("conflictTitle")}
          </h2>
          <p className="text-sm">{conflict.message}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => void save(conflict.version)}>
              {t("keepMine")}
            </Button>
            <Button type="button" variant="outline" onClick={() => apply(conflict)}>
              {t("loadTheirs")}
            </Button>
          </div>
        </section>
      ) : null}

      <ol className="space-y-4" data-testid="outline-topics">
        {topics.map((topic, ti) => (
          <li
            key={topic.key}
            data-testid="outline-topic"
            onDragOver={allowDrop}
            onDrop={drop({ topic: ti })}
            className={`space-y-3 rounded-lg border p-3 sm:p-4 ${dragged?.kind === "topic" && dragged.topic === ti ? "opacity-50" : ""}`}
          >
            <div className="flex flex-wrap items-center gap-2">
              <span
                draggable
                onDragStart={dragStart({ kind: "topic", topic: ti })}
                onDragEnd={() => setDragged(null)}
                data-testid="topic-handle"
                title={t("dragTopic")}
                className="cursor-grab text-muted-foreground"
              >
                <GripVerticalIcon className="size-5" aria-hidden />
              </span>
              <Input
                id={`${topic.key}-title`}
                aria-label={t("topicTitle", { n: ti + 1 })}
                aria-describedby="outline-keys"
                value={topic.title}
                maxLength={200}
                lang={text.lang}
                dir={text.dir}
                onKeyDown={moveKeys(
                  () => moveTopic(ti, ti - 1),
                  () => moveTopic(ti, ti + 1),
                )}
                onChange={(event) =>
                  edit((all) => all.map((x, i) => (i === ti ? { ...x, title: event.target.value } : x)))
                }
                className="min-w-0 flex-1 font-semibold"
              />
              <RowButtons
                labels={[t("topicUp", { n: ti + 1 }), t("topicDown", { n: ti + 1 }), t("removeTopic", { n: ti + 1 })]}
                first={ti === 0}
                last={ti === topics.length - 1}
                onUp={() => moveTopic(ti, ti - 1)}
                onDown={() => moveTopic(ti, ti + 1)}
                onRemove={() => removeTopic(ti)}
              />
            </div>
            <ol className="space-y-2 ps-2 sm:ps-6" aria-label={t("lessonsOf", { n: ti + 1 })}>
              {topic.lessons.map((lesson, li) => (
                <li
                  key={lesson.key}
                  data-testid="outline-lesson"
                  onDragOver={allowDrop}
                  onDrop={drop({ topic: ti, lesson: li })}
                  className={`flex flex-wrap items-center gap-2 ${dragged?.kind === "lesson" && dragged.topic === ti && dragged.lesson === li ? "opacity-50" : ""}`}
                >
                  <span
                    draggable
                    onDragStart={dragStart({ kind: "lesson", topic: ti, lesson: li })}
                    onDragEnd={() => setDragged(null)}
                    data-testid="lesson-handle"
                    title={t("dragLesson")}
                    className="cursor-grab text-muted-foreground"
                  >
                    <GripVerticalIcon className="size-4" aria-hidden />
                  </span>
                  <Input
                    id={`${lesson.key}-title`}
                    aria-label={t("lessonTitle", { n: li + 1, topic: ti + 1 })}
                    aria-describedby="outline-keys"
                    value={lesson.title}
                    maxLength={200}
                    lang={text.lang}
                    dir={text.dir}
                    onKeyDown={moveKeys(
                      () => lessonUp(ti, li),
                      () => lessonDown(ti, li),
                    )}
                    onChange={(event) =>
                      edit((all) =>
                        all.map((x, i) =>
                          i === ti
                            ? {
                                ...x,
                                lessons: x.lessons.map((l, j) => (j === li ? { ...l, title: event.target.value } : l)),
                              }
                            : x,
                        ),
                      )
                    }
                    className="min-w-0 flex-1"
                  />
                  {lesson.written === false || !lesson.id ? (
                    <span className="text-xs text-muted-foreground">{t("unwritten")}</span>
                  ) : null}
                  <RowButtons
                    labels={[
                      t("lessonUp", { n: li + 1, topic: ti + 1 }),
                      t("lessonDown", { n: li + 1, topic: ti + 1 }),
                      t("removeLesson", { n: li + 1, topic: ti + 1 }),
                    ]}
                    first={ti === 0 && li === 0}
                    last={ti === topics.length - 1 && li === topic.lessons.length - 1}
                    onUp={() => lessonUp(ti, li)}
                    onDown={() => lessonDown(ti, li)}
                    onRemove={() => removeLesson(ti, li)}
                  />
                </li>
              ))}
            </ol>
            <div className="flex flex-wrap items-center gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => addLesson(ti)}>
                <PlusIcon aria-hidden />
                {t("addLesson", { n: ti + 1 })}
              </Button>
              {/* A saved topic with written lessons; a plain link, so unsaved changes still ask before leaving. */}
              {topic.id && topic.lessons.some((l) => l.id && l.written !== false) ? (
                <Button asChild variant="ghost" size="sm">
                  <a href={paths.rewriteTopic(courseId, topic.id)}>
                    <SparklesIcon aria-hidden />
                    {tr("open", { n: ti + 1 })}
                  </a>
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      <p id="outline-keys" className="sr-only">
        {t("keys")}
      </p>
      <Button type="button" variant="outline" onClick={addTopic}>
        <PlusIcon aria-hidden />
        {t("addTopic")}
      </Button>

      {removed.topics.length > 0 || removed.lessons.length > 0 ? (
        <section aria-labelledby="outline-removed" className="space-y-3 rounded-lg border border-dashed p-4">
          <h2 id="outline-removed" className="font-semibold">
            {t("removedTitle")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("removedHelp")}</p>
          <ul className="space-y-2" data-testid="outline-removed">
            {removed.topics.map((topic, i) => (
              <li key={`t-${topic.id}`} className="flex flex-wrap items-center justify-between gap-2">
                <span lang={text.lang} dir={text.dir}>
                  {t("removedTopic", { title: topic.title, count: topic.lessons.length })}
                </span>
                <Button type="button" variant="outline" size="sm" onClick={() => restoreTopic(i)}>
                  <RotateCcwIcon aria-hidden />
                  {t("restore", { title: topic.title })}
                </Button>
              </li>
            ))}
            {removed.lessons.map((lesson, i) => (
              <li key={`l-${lesson.id}`} className="flex flex-wrap items-center justify-between gap-2">
                <span lang={text.lang} dir={text.dir}>
                  {lesson.title}
                </span>
                <Button type="button" variant="outline" size="sm" onClick={() => restoreLesson(i)}>
                  <RotateCcwIcon aria-hidden />
                  {t("restore", { title: lesson.title })}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** A row's move up, move down and remove buttons, each named for the row (`labels`, in that order). */
function RowButtons({
  labels: [up, down, remove],
  first,
  last,
  onUp,
  onDown,
  onRemove,
}: {
  labels: [string, string, string];
  first: boolean;
  last: boolean;
  onUp: () => void;
  onDown: () => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex gap-1">
      <Button type="button" variant="ghost" size="icon" aria-label={up} disabled={first} onClick={onUp}>
        <ArrowUpIcon aria-hidden />
      </Button>
      <Button type="button" variant="ghost" size="icon" aria-label={down} disabled={last} onClick={onDown}>
        <ArrowDownIcon aria-hidden />
      </Button>
      <Button type="button" variant="ghost" size="icon" aria-label={remove} onClick={onRemove}>
        <Trash2Icon aria-hidden />
      </Button>
    </div>
  );
}
