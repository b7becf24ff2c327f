"use client";
import { useCallback, useSyncExternalStore } from "react";

type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };

/**
 * The browser fires `beforeinstallprompt` once per page load, so the offer is kept here, shared
 * by every component that shows an install button (sidebar, profile settings) however late
 * it mounts after a client-side navigation.
 */
let offer: InstallPromptEvent | null = null;
const subscribers = new Set<() => void>();
let listening = false;

function notify() {
  for (const callback of subscribers) callback();
}

function listen() {
  if (listening) return;
  listening = true;
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    offer = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    notify();
  });
}

function subscribe(callback: () => void) {
  listen();
  subscribers.add(callback);
  return () => subscribers.delete(callback);
}

/** Whether the browser offers to install the app, and the action that shows its own dialog. */
export function useInstallPrompt(): { canInstall: boolean; install: () => Promise<void> } {
  const current = useSyncExternalStore(
    subscribe,
    () => offer,
    () => null,
  );
  const install = useCallback(async () => {
    if (!current) return;
    await current.prompt();
    await current.userChoice;
    // An offer can be used once, whatever the user chose.
    offer = null;
    notify();
  }, [current]);
  return { canInstall: current !== null, install };
}
