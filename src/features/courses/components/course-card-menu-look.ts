/** What the card's menu button looks like: the same before its menu's code loads and after. */
export const MENU_TRIGGER = {
  variant: "secondary",
  size: "icon",
  className: "absolute top-2 right-2",
  buttonClassName: "size-8 rounded-full bg-background/90 shadow-sm",
} as const;

/** Whether the card's course is stored in this browser for offline reading. */
export type CardOffline = "none" | "saving" | "saved";
