import { FlaskConicalIcon } from "lucide-react";

/** Shown in demo mode (`npm run demo`): what looks like AI output there comes from local fakes. */
export function DemoBanner({ text }: { text: string }) {
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-800 dark:text-amber-200"
    >
      <FlaskConicalIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      {text}
    </p>
  );
}
