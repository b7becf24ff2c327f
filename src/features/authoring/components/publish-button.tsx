"use client";

import { SendIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import * as React from "react";
import { Button } from "@/components/ui/button";

/**
 * Publishes the course's drafts (POST /api/courses/{id}/publish); the page is then drawn again,
 * with nothing left to publish and the version learners read now.
 */
export function PublishButton({ courseId, nextVersion }: { courseId: string; nextVersion: number }) {
  const t = useTranslations("authoring.publish");
  const router = useRouter();
  const [state, setState] = React.useState<
    | { kind: "idle" }
    | { kind: "publishing" }
    | { kind: "published"; version: number }
    | { kind: "failed"; message: string }
  >({ kind: "idle" });

  const publish = async () => {
    setState({ kind: "publishing" });
    try {
      const response = await fetch(`/api/courses/${courseId}/publish`, { method: "POST" });
      const data = (await response.json().catch(() => null)) as { publishedVersion?: number; message?: string } | null;
      if (!response.ok || typeof data?.publishedVersion !== "number") throw new Error(data?.message ?? t("failed"));
      setState({ kind: "published", version: data.publishedVersion });
      router.refresh();
    } catch (error) {
      setState({ kind: "failed", message: error instanceof Error ? error.message : t("failed") });
    }
  };

  return (
    <div className="space-y-3">
      <Button onClick={() => void publish()} disabled={state.kind === "publishing"} data-testid="publish-button">
        <SendIcon aria-hidden />
        {state.kind === "publishing" ? t("publishing") : t("button", { version: nextVersion })}
      </Button>
      <p role="status" aria-live="polite" className="text-sm">
        {state.kind === "published" ? t("published", { version: state.version }) : ""}
      </p>
      {state.kind === "failed" ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
