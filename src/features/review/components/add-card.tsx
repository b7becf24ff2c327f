"use client";

import { LayersIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import * as React from "react";
import { notify } from "@/components/notify";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** The longest passage kept as a card's source (the API's bound). */
const MAX_PASSAGE = 2000;

/**
 * "Add as a card" for a passage the learner selects in the lesson (`container` holds the
 * lesson's text): a button appears while a selection inside it exists; it opens a short form
 * (question, answer prefilled with the passage) that saves an own card (POST /api/review/cards).
 */
export function AddCardFromSelection({
  lessonId,
  container,
}: {
  lessonId: string;
  container: React.RefObject<HTMLElement | null>;
}) {
  const t = useTranslations("review");
  const [passage, setPassage] = React.useState("");
  const [open, setOpen] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const frontRef = React.useRef<HTMLInputElement>(null);

  React.useEffect(() => {
    const onChange = () => {
      const selection = document.getSelection();
      const root = container.current;
      if (!selection || selection.isCollapsed || !root || selection.rangeCount === 0) return setPassage("");
      const range = selection.getRangeAt(0);
      if (!root.contains(range.commonAncestorContainer)) return setPassage("");
      setPassage(selection.toString().replace(/\s+/g, " ").trim().slice(0, MAX_PASSAGE));
    };
    document.addEventListener("selectionchange", onChange);
    return () => document.removeEventListener("selectionchange", onChange);
  }, [container]);

  React.useEffect(() => {
    if (open !== null) frontRef.current?.focus();
  }, [open]);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (open === null) return;
    const data = new FormData(event.currentTarget);
    setBusy(true);
    try {
      const response = await fetch("/api/review/cards", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ lessonId, front: data.get("front"), back: data.get("back"), sentence: open }),
      });
      if (!response.ok) throw new Error(String(response.status));
      notify.success(t("cardAdded"));
      setOpen(null);
    } catch {
      notify.error(t("addFailed"));
    } finally {
      setBusy(false);
    }
  };

  if (open !== null)
    return (
      <form
        onSubmit={submit}
        className="space-y-3 rounded-lg border bg-card p-4"
        aria-labelledby="add-card-title"
        data-testid="add-card-form"
      >
        <h2 id="add-card-title" className="font-semibold">
          {t("addCardTitle")}
        </h2>
        <p className="text-sm text-muted-foreground">
          <span className="font-medium">{t("passage")}:</span> {open}
        </p>
        <div className="space-y-1">
          <Label htmlFor="add-card-front">{t("front")}</Label>
          <Input id="add-card-front" name="front" ref={frontRef} required maxLength={1000} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="add-card-back">{t("back")}</Label>
          <Input id="add-card-back" name="back" defaultValue={open.slice(0, 300)} required maxLength={2000} />
        </div>
        <p className="text-xs text-muted-foreground">{t("addCardHint")}</p>
        <div className="flex gap-2">
          <Button type="submit" disabled={busy}>
            {t("save")}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setOpen(null)}>
            {t("cancel")}
          </Button>
        </div>
      </form>
    );

  if (!passage) return null;
  return (
    <div className="sticky bottom-4 z-10 flex justify-center">
      <Button
        size="lg"
        className="shadow-lg"
        // Keeps the selection while the button is pressed.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setOpen(passage)}
        data-testid="add-card"
      >
        <LayersIcon aria-hidden />
        {t("addCard")}
      </Button>
    </div>
  );
}
