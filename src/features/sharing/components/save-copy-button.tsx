"use client";

import { CheckCircle2Icon, CopyPlusIcon, LoaderCircleIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { postJson } from "@/lib/http/post-json";
import { paths } from "@/lib/paths";

/**
 * "Save a copy": signed in, the copy is saved at once and the page says so, with a link to the
 * copy (it used to open the copy without a word, which read as if nothing had been saved, or as
 * the shared course itself); signed out, the server keeps the
 * share id as the pending shared course and the visitor goes to sign up (or, from there, in) and
 * comes back to it.
 * Strings come as props: the public page ships no message catalog.
 */
export function SaveCopyButton({
  shareId,
  labels,
}: {
  shareId: string;
  labels: { save: string; saving: string; failed: string; saved: string; open: string };
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copyId, setCopyId] = useState<string | null>(null);

  async function save() {
    setBusy(true);
    setError(null);
    try {
      const response = await postJson("/api/courseshared", { id: shareId });
      const body = (await response.json().catch(() => null)) as { courseId?: string; message?: string } | null;
      if (response.status === 401) {
        // The server kept the share id (the pending shared course): a new visitor signs up (or
        // follows "Log in" there) and lands on the saved copy; back here if it could not be saved.
        router.push(paths.signup({ callbackUrl: `${window.location.pathname}${window.location.search}` }));
        return;
      }
      if (!response.ok || !body?.courseId) throw new Error(body?.message ?? labels.failed);
      setCopyId(body.courseId);
      setBusy(false);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : labels.failed);
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2">
      <Button size="lg" onClick={() => void save()} disabled={busy || copyId !== null} data-testid="save-copy">
        {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <CopyPlusIcon aria-hidden />}
        {busy ? labels.saving : labels.save}
      </Button>
      {/* Always in the page, so a screen reader hears the message when it is written into it. */}
      <div role="status" className="text-sm">
        {copyId ? (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="copy-saved">
            <CheckCircle2Icon className="size-4 shrink-0 text-primary" aria-hidden />
            <span>{labels.saved}</span>
            <Link href={paths.course(copyId)} className="font-medium text-primary underline underline-offset-4">
              {labels.open}
            </Link>
          </p>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
