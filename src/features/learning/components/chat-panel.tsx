"use client";

import { BookLockIcon, BotIcon, SendIcon, UserIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import * as React from "react";
import { notify } from "@/components/notify";
import { SlowModelNotice, useSlowModel } from "@/components/slow-model";
import { Button } from "@/components/ui/button";
import type { CourseTextAttributes } from "@/lib/course-languages";
import { readNdjson } from "@/lib/http/ndjson";
import { postJson } from "@/lib/http/post-json";
import { failureText, StreamFailure } from "@/lib/http/stream-failure";
import { paths } from "@/lib/paths";
import { cn } from "@/lib/utils";
import type { ChatEntry, ChatStreamEvent } from "../chat";
import { MarkdownView } from "./markdown-view";
import { PanelDialog } from "./panel-dialog";
import { CHAT_PROSE } from "./prose";

type Message = Pick<ChatEntry, "sender" | "text" | "lessonTitle" | "html" | "citations"> & { id: string };

/** The Course Assistant: history from the server, answers streamed as they are written. */
export function ChatPanel({
  open,
  onOpenChange,
  courseId,
  lesson,
  text,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  courseId: string;
  lesson: { id: string; title: string };
  /** The course's `lang` and `dir`: the assistant answers in the course's language. */
  text: CourseTextAttributes;
}) {
  const t = useTranslations("chat");
  const tc = useTranslations("common");
  const [messages, setMessages] = React.useState<Message[] | null>(null);
  // "Only from my sources" (set on the course's Material page): said here while it holds.
  const [sourcesOnly, setSourcesOnly] = React.useState(false);
  const [input, setInput] = React.useState("");
  // `since` and `pieces`: when the question was sent and how many pieces of answer came since (the slow-model notice).
  const [pending, setPending] = React.useState<{
    question: string;
    answer: string;
    since: number;
    pieces: number;
  } | null>(null);
  const slow = useSlowModel(pending ? `${pending.since}:${pending.pieces}` : null);
  const list = React.useRef<HTMLDivElement>(null);

  React.useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const response = await postJson("/api/chat/history", { courseId });
        const body = (await response.json()) as { success: boolean; messages?: ChatEntry[]; sourcesOnly?: boolean };
        if (cancelled) return;
        setMessages(body.success ? (body.messages ?? []) : []);
        setSourcesOnly(body.sourcesOnly === true);
      } catch {
        if (!cancelled) setMessages([]);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [courseId]);

  React.useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages, pending]);

  const send = async () => {
    const question = input.trim();
    // Empty or whitespace-only messages are ignored (SPEC 5), and one question at a time.
    if (!question || pending) return;
    setPending({ question, answer: "", since: Date.now(), pieces: 0 });
    let answered: Extract<ChatStreamEvent, { type: "done" }> | null = null;
    try {
      const response = await postJson("/api/chat/stream", { courseId, lessonId: lesson.id, message: question });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      for await (const event of readNdjson<ChatStreamEvent>(response)) {
        if (event.type === "delta")
          setPending((p) => (p ? { ...p, answer: p.answer + event.text, pieces: p.pieces + 1 } : p));
        else if (event.type === "reset") setPending((p) => (p ? { ...p, answer: "", pieces: p.pieces + 1 } : p));
        else if (event.type === "done") answered = event;
        else if (event.type === "error") throw new StreamFailure(event.code, event.message);
      }
      if (!answered) throw new Error("the answer ended early");
      const done: Extract<ChatStreamEvent, { type: "done" }> = answered;
      setMessages((current) => [
        ...(current ?? []),
        { id: `${Date.now()}-q`, sender: "user", text: question, lessonTitle: done.lessonTitle },
        {
          id: done.id,
          sender: "bot",
          text: done.text,
          html: done.html,
          citations: done.citations,
          lessonTitle: done.lessonTitle,
        },
      ]);
      setInput("");
    } catch (error) {
      // The typed message stays in the box to send again.
      notify.error(tc("errorTitle"), failureText(error, tc("internalError")));
    } finally {
      setPending(null);
    }
  };

  return (
    <PanelDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("title")}
      description={t("description")}
      closeLabel={t("close")}
      testId="chat-panel"
    >
      {sourcesOnly ? (
        <p
          className="flex items-start gap-2 rounded-md border border-primary/30 bg-primary/5 px-3 py-2 text-xs"
          data-testid="chat-sources-only"
        >
          <BookLockIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span>
            {t("sourcesOnly")}{" "}
            <Link
              href={paths.courseMaterial(courseId)}
              className="font-medium text-primary underline underline-offset-4"
            >
              {t("sourcesOnlyChange")}
            </Link>
          </span>
        </p>
      ) : null}
      {/* Focusable, so a keyboard can scroll a long conversation. */}
      <div
        ref={list}
        role="log"
        aria-label={t("conversation")}
        tabIndex={0}
        className="min-h-48 flex-1 space-y-3 overflow-y-auto rounded-md border bg-muted/30 p-3 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        aria-live="polite"
      >
        {messages === null ? <p className="text-sm text-muted-foreground">{t("loading")}</p> : null}
        {messages?.length === 0 && !pending ? <p className="text-sm text-muted-foreground">{t("empty")}</p> : null}
        {messages?.map((m) => (
          <Bubble key={m.id} message={m} text={text} />
        ))}
        {pending ? (
          <>
            <Bubble
              message={{ id: "pending-q", sender: "user", text: pending.question, lessonTitle: lesson.title }}
              text={text}
            />
            <Bubble
              message={{ id: "pending-a", sender: "bot", text: pending.answer || t("thinking"), lessonTitle: null }}
              streaming
              // "Thinking…" is the UI's word; the answer is in the course's language.
              text={pending.answer ? text : { dir: "auto" }}
            />
            {slow ? <SlowModelNotice /> : null}
          </>
        ) : null}
      </div>
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label className="sr-only" htmlFor="chat-input">
          {t("placeholder")}
        </label>
        <textarea
          id="chat-input"
          dir="auto"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={(event) => {
            // Enter sends; Shift+Enter starts a new line.
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
          rows={2}
          maxLength={2000}
          placeholder={t("placeholder")}
          className="min-h-10 flex-1 resize-none rounded-md border bg-background px-3 py-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        />
        <Button type="submit" size="icon" aria-label={t("send")} disabled={Boolean(pending)}>
          <SendIcon aria-hidden />
        </Button>
      </form>
    </PanelDialog>
  );
}

function Bubble({ message, streaming, text }: { message: Message; streaming?: boolean; text: CourseTextAttributes }) {
  const t = useTranslations("chat");
  const mine = message.sender === "user";
  return (
    <div
      className={cn("flex gap-2", mine && "flex-row-reverse")}
      data-testid={mine ? "chat-user-message" : "chat-bot-message"}
      aria-busy={streaming || undefined}
    >
      <span className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-background" aria-hidden>
        {mine ? <UserIcon className="size-4" /> : <BotIcon className="size-4" />}
      </span>
      <div
        className={cn(
          "max-w-[80%] space-y-1 rounded-lg px-3 py-2 text-sm",
          mine ? "bg-primary text-primary-foreground" : "border bg-background",
        )}
      >
        <span className="sr-only">{mine ? t("you") : t("assistant")}: </span>
        {/* Answers are Markdown, formatted live, then (and in history) as the server formatted them,
            formulas included; questions are shown as typed. */}
        {mine ? (
          <p dir="auto" className="text-start whitespace-pre-wrap">
            {message.text}
          </p>
        ) : message.html !== undefined && !streaming ? (
          // Sanitized on the server (src/features/learning/chat.ts, answerHtml).
          <div {...text} className={CHAT_PROSE} dangerouslySetInnerHTML={{ __html: message.html }} />
        ) : (
          <MarkdownView {...text} markdown={message.text} streaming={streaming} className={CHAT_PROSE} />
        )}
        {!mine && !streaming && message.citations?.length ? (
          <AnswerSources messageId={message.id} citations={message.citations} text={text} />
        ) : null}
        {mine && message.lessonTitle ? (
          <p className="text-xs opacity-80">{t("about", { lesson: message.lessonTitle })}</p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * An answer's sources under it: each quote with its source and pages, the target (`#m<id>-cite-n`,
 * chat.ts citeAnchor) of the answer's superscript `n`. Quotes are the course material's language.
 */
function AnswerSources({
  messageId,
  citations,
  text,
}: {
  messageId: string;
  citations: NonNullable<ChatEntry["citations"]>;
  text: CourseTextAttributes;
}) {
  const t = useTranslations("chat");
  return (
    <div className="mt-2 border-t pt-2" data-testid="chat-sources">
      <p className="text-xs font-medium">{t("sources")}</p>
      <ol className="mt-1 space-y-1 text-xs">
        {citations.map((c) => (
          <li key={c.n} id={`m${messageId}-cite-${c.n}`} className="flex gap-1">
            <span className="font-semibold">{c.n}.</span>
            <span className="min-w-0">
              <q {...text} className="line-clamp-3 italic">
                {c.quote}
              </q>{" "}
              <span className="text-muted-foreground">
                — <span dir="auto">{c.sourceTitle}</span>,{" "}
                {c.pageFrom === c.pageTo
                  ? t("sourcePage", { page: c.pageFrom })
                  : t("sourcePages", { from: c.pageFrom, to: c.pageTo })}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
