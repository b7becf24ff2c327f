"use client";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

export type MenuButtonItem = {
  key: string;
  label: React.ReactNode;
  onSelect: () => void;
  icon?: React.ReactNode;
  /** A choice among several (role menuitemradio), checked or not; absent for a plain action. */
  checked?: boolean;
  destructive?: boolean;
  lang?: string;
};

/**
 * A menu button (WAI-ARIA menu pattern: arrows, Home/End, Escape, Tab, click outside), made by
 * hand rather than with a popper library: it is on every page, login included, and a popper
 * costs about 30 kB of script (docs/decisions/002-first-load-budget.md). The menu opens under
 * the button, aligned to its right edge.
 */
export function MenuButton({
  label,
  menuLabel = label,
  items,
  children,
  disabled,
  className,
  buttonClassName,
  variant = "ghost",
  size = "sm",
  defaultOpen = false,
  title,
}: {
  /** The button's accessible name; it must contain any text the button shows. */
  label: string;
  menuLabel?: string;
  items: MenuButtonItem[];
  children: React.ReactNode;
  disabled?: boolean;
  /** Classes of the wrapper, which positions the button and its menu (default: relative). */
  className?: string;
  buttonClassName?: string;
  variant?: "ghost" | "secondary" | "outline";
  size?: "sm" | "icon";
  /** Mounted open, focus on the first item: for a menu whose code loads when its button is clicked. */
  defaultOpen?: boolean;
  /** A hover hint, for a button that shows only its icon. */
  title?: string;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const checkedAt = items.findIndex((item) => item.checked);
    itemRefs.current[Math.max(0, checkedAt)]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
    // Focus moves when the menu opens, not when the items' identities change on a re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  function close(refocus = true) {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }

  function onMenuKeyDown(event: React.KeyboardEvent) {
    const buttons = itemRefs.current.filter(Boolean) as HTMLButtonElement[];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => buttons[(to + buttons.length) % buttons.length]?.focus();
    if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(buttons.length - 1);
    else if (event.key === "Escape") close();
    else if (event.key === "Tab") close(false);
    else return;
    event.preventDefault();
  }

  return (
    <div ref={rootRef} className={className ?? "relative"}>
      <Button
        ref={buttonRef}
        variant={variant}
        size={size}
        className={buttonClassName}
        aria-label={label}
        title={title}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {children}
      </Button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={menuLabel}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-50 mt-1 min-w-[9rem] rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {items.map((item, i) => (
            <button
              key={item.key}
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              type="button"
              role={item.checked === undefined ? "menuitem" : "menuitemradio"}
              aria-checked={item.checked}
              lang={item.lang}
              tabIndex={-1}
              onClick={() => {
                close();
                item.onSelect();
              }}
              className={cn(
                "relative flex w-full cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none select-none",
                item.checked !== undefined && "pl-8",
                item.destructive
                  ? "text-destructive hover:bg-destructive/10 focus:bg-destructive/10"
                  : "hover:bg-accent focus:bg-accent focus:text-accent-foreground",
              )}
            >
              {item.checked && <span aria-hidden className="absolute left-3 size-2 rounded-full bg-current" />}
              {item.icon}
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
