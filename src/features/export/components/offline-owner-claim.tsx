"use client";
import { useEffect } from "react";
import { claimOfflineStorage } from "@/lib/offline-owner-claim";

/** The browser half of OfflineOwner: claims again whenever the session changes (a password change refreshes the page's layout). */
export function OfflineOwnerClaim({ owner, expiresAt }: { owner: string; expiresAt: number }) {
  useEffect(() => {
    void claimOfflineStorage({ owner, expiresAt });
  }, [owner, expiresAt]);
  return null;
}
