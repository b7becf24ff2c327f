import { CheckCircle2Icon, CircleIcon, TriangleAlertIcon } from "lucide-react";
import { lessonMarkId, type LessonMarkKind } from "./lesson-mark-id";

const DRAWINGS: Record<LessonMarkKind, typeof CircleIcon> = {
  done: CheckCircle2Icon,
  failed: TriangleAlertIcon,
  todo: CircleIcon,
};

/**
 * The outline's three ticks, drawn once in the course page and referenced by every lesson
 * (course-outline.tsx): a server component, so the icons stay out of the viewer's bundle.
 */
export function LessonMarkDrawings() {
  return (
    <svg aria-hidden className="absolute size-0 overflow-hidden">
      {Object.entries(DRAWINGS).map(([kind, Icon]) => (
        <symbol key={kind} id={lessonMarkId(kind as LessonMarkKind)} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}
