import "server-only";
import {
  courseTypeLabel,
  MAX_USER_SUBTOPICS,
  planViolation,
  TOPIC_COUNT,
  type CourseTypeLabel,
  type Plan,
  type TopicsLimit,
} from "@/features/plans/client";
import type { ApiTranslator } from "@/i18n/api-translator";
import { appError } from "@/server/http/errors";
import { courseLanguageByName, type CourseLanguage } from "./languages";
import { cleanTitle } from "@/lib/clean-title";
import { TOPIC_MAX_LENGTH, TOPIC_MIN_LENGTH, type GenerateFormBody } from "./schemas";

/** The Generate form after the SPEC's rules: what the engine is asked for. */
export type GenerateRequest = {
  topic: string;
  subtopics: string[];
  topicsLimit: TopicsLimit;
  topicCount: number;
  courseType: CourseTypeLabel;
  language: CourseLanguage;
  /** The caller's ready sources the outline is asked with (checked by prepareOutline). */
  sourceIds?: string[];
};

/** SPEC section 5, in its order; plan limits answer 403 `plan:*`. */
export function validateGenerateForm(body: GenerateFormBody, plan: Plan, t: ApiTranslator): GenerateRequest {
  const topic = cleanTitle(body.topic);
  if (topic.length < TOPIC_MIN_LENGTH) throw appError("generate:topic-short", t);
  if (topic.length > TOPIC_MAX_LENGTH) throw appError("generate:topic-long", t);
  // Empty subtopics are ignored; the same one twice counts once.
  const subtopics = [
    ...new Map(
      body.subtopics
        .map((s) => cleanTitle(s))
        .filter(Boolean)
        .map((s) => [s.toLocaleLowerCase(), s]),
    ).values(),
  ];
  if (subtopics.length > MAX_USER_SUBTOPICS) throw appError("plan:subtopics", t);
  if (body.topicsLimit !== "4" && body.topicsLimit !== "8") throw appError("generate:invalid-topics-limit", t);
  const courseType = courseTypeLabel(body.courseType);
  if (!courseType) throw appError("generate:invalid-course-type", t);
  if (!body.language.trim()) throw appError("generate:language-missing", t);
  const language = courseLanguageByName(body.language)?.name;
  if (!language) throw appError("generate:language-unknown", t);
  const violation = planViolation(plan, {
    topicsLimit: body.topicsLimit,
    courseType,
    language,
    subtopicCount: subtopics.length,
  });
  if (violation) throw appError(violation, t);
  return {
    topic,
    subtopics,
    topicsLimit: body.topicsLimit,
    topicCount: TOPIC_COUNT[body.topicsLimit],
    courseType,
    language,
  };
}
