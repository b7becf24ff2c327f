/**
 * Who writes each table (docs/table-owners.md). Every table of the schema (src/server/db/schema/) has one
 * owner: a feature (a folder of src/features) or `server` (infrastructure in src/server). Only
 * the owner's files insert, update or delete its rows; another feature asks the owner's public
 * entry (server.ts). `tests/lint/table-owners.test.mjs` holds the code to it.
 */

/**
 * The map, one row per group of tables with the reason they have that owner (tables by their
 * export name in the schema). docs/table-owners.md shows this list, made by
 * `node scripts/docs-maps.mjs --write`; the lint fails when the two differ.
 */
export const OWNER_GROUPS = [
  {
    owner: "accounts",
    tables: ["users", "sessions", "passwordResetTokens", "emailChangeTokens"],
    why: "sign-up, sign-in, profile, password and e-mail changes, deletion; the role an admin change sets goes through `setUserRole`",
  },
  {
    owner: "courses",
    tables: ["courses", "courseCreations", "topics", "courseLearners", "courseEditors"],
    why: "a course is created (with its topics) and deleted as one graph, and counted against the monthly limit; each learner's standing in it (the quiz records results through `recordQuizResult` and `recordCompletion`)",
  },
  {
    owner: "learning",
    tables: ["lessons", "lessonRevisions", "lessonProgress", "chatMessages", "notes", "images"],
    why: "the viewer opens lessons and the generator fills them, each text kept as a revision (authors save and restore through `saveLessonText`); each learner's reading of them is theirs; a course's creation and the content update call the learning feature",
  },
  { owner: "generation", tables: ["generatedOutlines"], why: "the outlines a user may turn into a course" },
  {
    owner: "quiz",
    tables: ["quizzes", "quizServings", "quizAttempts", "certificates"],
    why: "serving (each learner their own attempt), grading and issuing",
  },
  {
    owner: "plans",
    tables: ["subscriptions", "payments", "webhookEvents"],
    why: "the payment ledger, and the admin grant (`grantAdminPlan`, `revokeAdminPlan` in `plans/subscriptions.ts`)",
  },
  {
    owner: "site",
    tables: ["contactMessages", "blogPosts", "policies", "contentImages"],
    why: "the public site's content; the admin panel writes it through the site feature's server entry",
  },
  {
    owner: "review",
    tables: ["cards", "cardReviews"],
    why: "spaced review: cards are made from quiz misses (the quiz calls the review feature), key points and the learner; grades append to the log",
  },
  {
    owner: "sources",
    tables: ["sources", "sourceUploads", "sourceChunks", "sourceChunkVectors", "sourceTerms", "courseSources"],
    why: "the learner's own material: added and removed by its owner, read by the `source.ingest` job; generation links it through the sources feature",
  },
  {
    owner: "classes",
    tables: ["classes", "classMembers", "classAssignments"],
    why: "a teacher's class: its owner makes it and its co-teachers, learners join and leave, teachers assign courses (members' enrolment in them through the courses feature)",
  },
  {
    owner: "server",
    tables: ["emailOutbox", "rateLimits", "adminAudit"],
    why: "infrastructure every feature uses: the mailer, rate limits, the audit log; `accounts` forgets mail through `discardMailTo`",
  },
  {
    owner: "server",
    tables: ["jobs"],
    why: "the durable job queue (`src/server/jobs`, decision 020); features enqueue through `enqueueJob` and register their handlers",
  },
];

/** Table (its export name in the schema) → owner. */
export const OWNERS = Object.fromEntries(
  OWNER_GROUPS.flatMap((group) => group.tables.map((table) => [table, group.owner])),
);

/**
 * The few columns of an owner's row that another writer moves, each for a reason the document
 * gives. A grant allows `update` of these columns only (its `.set({...})` must name no other).
 */
export const GRANTS = [
  {
    table: "users",
    writer: "plans",
    columns: ["plan", "planExpiresAt", "updatedAt"],
    why: "the plan in force is read with the user on every request, so it lives on the user's row; only plans moves it",
  },
  {
    table: "courses",
    writer: "sharing",
    columns: ["shareId", "sharedAt"],
    why: "the course's share link, looked up by the course's own index",
  },
  {
    table: "sessions",
    writer: "server",
    columns: ["lastSeenAt"],
    why: "the auth layer dates the session it reads on every request; it cannot call a feature",
  },
];
