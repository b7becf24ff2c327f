import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. No tailwind-merge: it costs ~7 kB gzip on every page, so a component's
 * base classes and the classes passed to it must not set the same property twice.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
