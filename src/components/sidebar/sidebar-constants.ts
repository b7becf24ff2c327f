/**
 * The SPEC's sidebar constants. In a module of their own, without "use client": a server
 * component importing a value from a client module gets a client reference, not the value
 * (the layout read the cookie under the wrong name and always rendered the sidebar open).
 */
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = "16rem";
export const SIDEBAR_WIDTH_MOBILE = "18rem";
export const SIDEBAR_WIDTH_ICON = "3rem";
export const SIDEBAR_SHORTCUT = "b";
export const MOBILE_QUERY = "(max-width: 767px)";
/**
 * Hides a sidebar label while the desktop column shows icons only, in CSS (the column's
 * `data-state`), so server-rendered parts of the sidebar need no client hook for it.
 */
export const SIDEBAR_COLLAPSED_SR_ONLY = "group-data-[state=collapsed]/sidebar:sr-only";
export const SIDEBAR_COLLAPSED_HIDDEN = "group-data-[state=collapsed]/sidebar:hidden";
