/**
 * A course topic's length, once trimmed: the server's rule (generate:topic-short / topic-long)
 * and the Generate form's, from one place. Apart from schemas.ts so the form does not load zod.
 */
export const TOPIC_MIN_LENGTH = 3;
export const TOPIC_MAX_LENGTH = 200;
