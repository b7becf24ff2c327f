"use client";

import { createRoot } from "react-dom/client";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";

export type Choice = "confirm" | "cancel" | "dismissed";

/**
 * A question with two answers that must be answered before going on, asked in a small dialog
 * (focus held in it, Escape dismisses, focus back where it was), from code that is not a
 * component: a menu item's action, loaded on its first click. A toast could be missed or hidden
 * under others, and its buttons were out of the keyboard's way. Mounted on its own root for the
 * question's life, so no page needs a host for it.
 */
export function askChoice(
  title: string,
  description: string,
  labels: { confirm: string; cancel: string },
): Promise<Choice> {
  return new Promise((resolve) => {
    // Where the focus goes back to: the dialog has no trigger of its own to return it to.
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const host = document.createElement("div");
    document.body.append(host);
    const root = createRoot(host);
    let answered = false;
    const answer = (choice: Choice) => {
      if (answered) return;
      answered = true;
      resolve(choice);
      // Unmounted after this event, once the dialog has handed the focus back.
      setTimeout(() => {
        root.unmount();
        host.remove();
      }, 0);
    };
    root.render(
      <AlertDialog defaultOpen onOpenChange={(open) => !open && answer("dismissed")}>
        <AlertDialogContent
          data-testid="choice-dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            before?.focus();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>{title}</AlertDialogTitle>
            <AlertDialogDescription>{description}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel onClick={() => answer("cancel")}>{labels.cancel}</AlertDialogCancel>
            <AlertDialogAction onClick={() => answer("confirm")}>{labels.confirm}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>,
    );
  });
}
