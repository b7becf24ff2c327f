import type { CourseTypeLabel, TopicsLimit } from "@/features/plans/client";

/** What the form asks for; sent as is to the outline stream. */
export type FormValues = {
  topic: string;
  subtopics: string[];
  topicsLimit: TopicsLimit;
  courseType: CourseTypeLabel;
  language: string;
  /** The learner's ready sources (Add material), sent with the outline request. */
  sourceIds?: string[];
};

export type PreviewTopic = { title: string; subtopics: string[] };

export type Preview = {
  topic: string;
  topics: PreviewTopic[];
  status: "streaming" | "ready";
  retrying: boolean;
  /** When this outline was asked for, and how many pieces of it have come: the slow-model notice counts from the last. */
  startedAt: number;
  progress: number;
  generatedText?: string;
  /** The server's copy of this outline: the course is made from it. */
  outlineId?: string;
  /** One key per previewed outline: a double click, a retry or a duplicated tab creates one course. */
  idempotencyKey?: string;
  values: FormValues;
};
