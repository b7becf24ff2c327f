"use client";

import { DownloadIcon, PauseIcon, PencilIcon, PlayIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import * as React from "react";
import { notify } from "@/components/notify";
import { Button, buttonVariants } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

export type ListedCard = {
  id: string;
  front: string;
  back: string;
  source: "quiz-miss" | "key-point" | "own";
  suspended: boolean;
  due: string;
  reps: number;
  lapses: number;
};

async function send(url: string, method: "PATCH" | "DELETE", body?: unknown): Promise<Response> {
  return fetch(url, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A course's cards: edit the text, suspend or restore, delete; and the Anki CSV. */
export function CardList({ courseId, initial }: { courseId: string; initial: ListedCard[] }) {
  const t = useTranslations("review");
  const [cards, setCards] = React.useState(initial);
  const [editing, setEditing] = React.useState<string | null>(null);

  const update = async (card: ListedCard, changes: Partial<Pick<ListedCard, "front" | "back" | "suspended">>) => {
    const response = await send(`/api/review/cards/${encodeURIComponent(card.id)}`, "PATCH", changes);
    if (!response.ok) {
      notify.error(t("saveFailed"));
      return false;
    }
    const { card: saved } = (await response.json()) as { card: ListedCard };
    setCards((list) => list.map((c) => (c.id === saved.id ? saved : c)));
    return true;
  };

  const remove = async (card: ListedCard) => {
    // A card's history (its reviews) goes with it: asked first, as nothing brings it back.
    const choice = await notify.choose(t("deleteConfirmTitle"), card.front, {
      confirm: t("deleteConfirm"),
      cancel: t("keepCard"),
    });
    if (choice !== "confirm") return;
    const response = await send(`/api/review/cards/${encodeURIComponent(card.id)}`, "DELETE");
    if (!response.ok) return notify.error(t("saveFailed"));
    setCards((list) => list.filter((c) => c.id !== card.id));
    notify.success(t("deleted"));
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{t("cardCount", { count: cards.length })}</p>
        <a
          href={`/api/courses/${encodeURIComponent(courseId)}/cards.csv`}
          className={cn(buttonVariants({ variant: "outline", size: "sm" }))}
          data-testid="cards-csv"
          download
        >
          <DownloadIcon aria-hidden />
          {t("exportCsv")}
        </a>
      </div>
      {cards.length === 0 ? (
        <p className="text-muted-foreground">{t("noCardsInCourse")}</p>
      ) : (
        <ul className="space-y-3" data-testid="card-list">
          {cards.map((card) => (
            <li key={card.id} className={cn("rounded-lg border p-4", card.suspended && "border-dashed bg-muted/40")}>
              {editing === card.id ? (
                <form
                  className="space-y-3"
                  onSubmit={async (event) => {
                    event.preventDefault();
                    const data = new FormData(event.currentTarget);
                    const ok = await update(card, { front: String(data.get("front")), back: String(data.get("back")) });
                    if (ok) setEditing(null);
                  }}
                >
                  <div className="space-y-1">
                    <Label htmlFor={`front-${card.id}`}>{t("front")}</Label>
                    <Input id={`front-${card.id}`} name="front" defaultValue={card.front} required maxLength={1000} />
                  </div>
                  <div className="space-y-1">
                    <Label htmlFor={`back-${card.id}`}>{t("back")}</Label>
                    <Input id={`back-${card.id}`} name="back" defaultValue={card.back} required maxLength={2000} />
                  </div>
                  <div className="flex gap-2">
                    <Button type="submit" size="sm">
                      {t("save")}
                    </Button>
                    <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(null)}>
                      {t("cancel")}
                    </Button>
                  </div>
                </form>
              ) : (
                <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0 space-y-1">
                    <p className="font-medium break-words">{card.front}</p>
                    <p className="text-sm break-words text-muted-foreground">{card.back}</p>
                    <p className="text-xs text-muted-foreground">
                      {t(`source.${card.source}`)}
                      {card.suspended ? ` · ${t("suspended")}` : ""}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setEditing(card.id)}
                      aria-label={t("editCard", { front: card.front })}
                    >
                      <PencilIcon aria-hidden />
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => void update(card, { suspended: !card.suspended })}
                      aria-label={t(card.suspended ? "resumeCard" : "suspendCard", { front: card.front })}
                      aria-pressed={card.suspended}
                    >
                      {card.suspended ? <PlayIcon aria-hidden /> : <PauseIcon aria-hidden />}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => void remove(card)}
                      aria-label={t("deleteCard", { front: card.front })}
                    >
                      <Trash2Icon aria-hidden />
                    </Button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
