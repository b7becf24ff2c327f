import "server-only";

/**
 * The enrolment feature's server entry: leaving a course, which gathers what each feature keeps of
 * a learner in it. Enrolling and a course's visibility are the courses feature's.
 */
export * from "./leave";
