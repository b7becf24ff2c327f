"use client";

import { CopyPlusIcon, LoaderCircleIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { postJson } from "@/lib/http/post-json";
import { paths } from "@/lib/paths";

/**
 * "Save a copy": signed in, the copy is saved at once and opened; signed out, the server keeps the
 * share id as the pending shared course and the visitor goes to sign in (or up) and comes back to it.
 * Strings come as props: the public page ships no message catalog.
 */
export function SaveCopyButton({
  shareId,
  labels,
}: {
  shareId: string;
  labels: { save: string; saving: string; failed: string };
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save() {
    setBusy(true);
    setError(null);
    try {
      const response = await postJson("/api/courseshared", { id: shareId });
      const body = (await response.json().catch(() => null)) as { courseId?: string; message?: string } | null;
      if (response.status === 401) {
        router.push(paths.login());
        return;
      }
      if (!response.ok || !body?.courseId) throw new Error(body?.message ?? labels.failed);
      router.push(paths.course(body.courseId));
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : labels.failed);
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2">
      <Button size="lg" onClick={() => void save()} disabled={busy} data-testid="save-copy">
        {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <CopyPlusIcon aria-hidden />}
        {busy ? labels.saving : labels.save}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
