/**
 * What each plan may choose on the Generate form (SPEC sections 5 and 6). Shared by the form,
 * which locks options, and the server, which refuses them with 403 `plan:*`.
 */
export const COURSE_TYPES = ["Text & Image Course", "Video & Text Course"] as const;
export type CourseTypeLabel = (typeof COURSE_TYPES)[number];

/** "4" and "8" are the contract's values, labelled 5 and 10: the outline has 5 or 10 topics. */
export type TopicsLimit = "4" | "8";
export const TOPIC_COUNT: Record<TopicsLimit, number> = { "4": 5, "8": 10 };

export const MAX_USER_SUBTOPICS = 5;

export const FREE_CHOICES = { topicsLimit: "4", courseType: "Text & Image Course", language: "English" } as const;

export type Plan = "free" | "monthly" | "yearly";

export function isPaidPlan(plan: Plan): boolean {
  return plan === "monthly" || plan === "yearly";
}

export type PlanViolation = "plan:topics-limit" | "plan:course-type" | "plan:language" | "plan:subtopics";

/** The first choice the plan does not allow, or null. */
export function planViolation(
  plan: Plan,
  choice: { topicsLimit?: string; topicCount?: number; courseType?: string; language?: string; subtopicCount?: number },
): PlanViolation | null {
  if ((choice.subtopicCount ?? 0) > MAX_USER_SUBTOPICS) return "plan:subtopics";
  if (isPaidPlan(plan)) return null;
  if (choice.topicsLimit !== undefined && choice.topicsLimit !== FREE_CHOICES.topicsLimit) return "plan:topics-limit";
  if (choice.topicCount !== undefined && choice.topicCount > TOPIC_COUNT[FREE_CHOICES.topicsLimit])
    return "plan:topics-limit";
  if (choice.courseType !== undefined && choice.courseType !== FREE_CHOICES.courseType) return "plan:course-type";
  if (choice.language !== undefined && choice.language !== FREE_CHOICES.language) return "plan:language";
  return null;
}

/**
 * The plans on which a course may be written in any of the 38 languages, read from the rule
 * itself (a language other than Free's), so what the landing page advertises is what the
 * Generate form and the server allow.
 */
export function plansWithEveryLanguage(): Plan[] {
  const plans: Plan[] = ["free", "monthly", "yearly"];
  return plans.filter((plan) => planViolation(plan, { language: `not ${FREE_CHOICES.language}` }) === null);
}

/** "text & image course" (the viewer's lower case) and "Text & Image Course" are one type. */
export function courseTypeLabel(value: string): CourseTypeLabel | undefined {
  const wanted = value.trim().toLowerCase();
  return COURSE_TYPES.find((t) => t.toLowerCase() === wanted);
}

export type CourseTypeValue = "text_image" | "video_text";
export const COURSE_TYPE_VALUE: Record<CourseTypeLabel, CourseTypeValue> = {
  "Text & Image Course": "text_image",
  "Video & Text Course": "video_text",
};
export const COURSE_TYPE_LABEL: Record<CourseTypeValue, CourseTypeLabel> = {
  text_image: "Text & Image Course",
  video_text: "Video & Text Course",
};
