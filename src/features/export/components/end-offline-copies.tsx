"use client";
import { useEffect } from "react";
import { clearOfflineStorage } from "@/lib/offline-storage";

/**
 * On the login and sign-up pages, which the server shows only to a browser with no session
 * (a signed-in visitor is sent to the dashboard): whatever ended the last session (expiry,
 * "sign out of all other sessions" elsewhere, a password change or reset, the account deleted),
 * its offline copies end here. Covers client-side navigations too, which the service worker
 * does not see as page loads.
 */
export function EndOfflineCopies() {
  useEffect(() => {
    void clearOfflineStorage().catch(() => undefined);
  }, []);
  return null;
}
