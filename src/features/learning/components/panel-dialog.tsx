"use client";

import { XIcon } from "lucide-react";
import { Dialog } from "radix-ui";
import type * as React from "react";

/**
 * One dialog that is a bottom drawer under 768 px and a centred dialog above (SPEC: the
 * assistant is a drawer on mobile and a dialog on desktop).
 */
export function PanelDialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  onEscapeKeyDown,
  onInteractOutside,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  closeLabel: string;
  children: React.ReactNode;
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  onInteractOutside?: (event: Event) => void;
  testId?: string;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          data-testid={testId}
          onEscapeKeyDown={onEscapeKeyDown}
          onInteractOutside={onInteractOutside}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85svh] flex-col gap-3 rounded-t-xl border bg-background p-4 shadow-lg md:inset-x-auto md:top-1/2 md:bottom-auto md:left-1/2 md:max-h-[80svh] md:w-full md:max-w-2xl md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-xl md:p-6"
        >
          <div className="pr-8">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Description className="text-sm text-muted-foreground">{description}</Dialog.Description>
          </div>
          {children}
          <Dialog.Close className="absolute top-4 right-4 rounded-xs opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
            <XIcon className="size-4" aria-hidden />
            <span className="sr-only">{closeLabel}</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
