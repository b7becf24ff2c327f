"use client";

/**
 * Toasts without putting the toast library in the first load: it is fetched after hydration by
 * <Toaster> (toaster.tsx), and a toast raised before the toaster listens waits for it, since
 * the library drops toasts nobody is subscribed to yet.
 */
type Kind = "success" | "error" | "info";

let markReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the toaster once it is mounted and subscribed. */
export function toasterMounted(): void {
  markReady();
}

/** A button in the toast, e.g. "See plans" on the Go Premium toast. */
type ToastAction = { label: string; onClick: () => void };

function show(kind: Kind, title: string, description?: string, action?: ToastAction) {
  void Promise.all([import("sonner"), toasterReady]).then(([{ toast }]) => toast[kind](title, { description, action }));
}

/**
 * A question with two answers, asked in a toast that stays until answered: resolves "confirm" or
 * "cancel" for the two buttons, "dismissed" when the toast is closed without either.
 */
function choose(
  title: string,
  description: string,
  labels: { confirm: string; cancel: string },
): Promise<"confirm" | "cancel" | "dismissed"> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (choice: "confirm" | "cancel" | "dismissed") => {
      if (answered) return;
      answered = true;
      resolve(choice);
    };
    void Promise.all([import("sonner"), toasterReady]).then(([{ toast }]) =>
      toast.info(title, {
        description,
        duration: Infinity,
        action: { label: labels.confirm, onClick: () => answer("confirm") },
        cancel: { label: labels.cancel, onClick: () => answer("cancel") },
        onDismiss: () => answer("dismissed"),
      }),
    );
  });
}

export const notify = {
  choose,
  success: (title: string, description?: string) => show("success", title, description),
  error: (title: string, description?: string) => show("error", title, description),
  info: (title: string, description?: string, action?: ToastAction) => show("info", title, description, action),
};
