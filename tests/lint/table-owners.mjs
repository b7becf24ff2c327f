/**
 * Who writes each table (docs/table-owners.md). Every table of src/server/db/schema.ts has one
 * owner: a feature (a folder of src/features) or `server` (infrastructure in src/server). Only
 * the owner's files insert, update or delete its rows; another feature asks the owner's public
 * entry (service.ts or index.ts). `tests/lint/table-owners.test.mjs` holds the code to it.
 */

/** Table (its export name in the schema) → owner. */
export const OWNERS = {
  users: "accounts",
  sessions: "accounts",
  passwordResetTokens: "accounts",
  emailChangeTokens: "accounts",

  courses: "courses",
  courseCreations: "courses",
  topics: "courses",

  lessons: "learning",
  chatMessages: "learning",
  notes: "learning",
  images: "learning",

  generatedOutlines: "generation",

  quizzes: "quiz",
  quizAttempts: "quiz",
  certificates: "quiz",

  subscriptions: "plans",
  payments: "plans",
  webhookEvents: "plans",

  contactMessages: "site",
  blogPosts: "site",
  policies: "site",
  contentImages: "site",

  cards: "review",
  cardReviews: "review",
  sources: "sources",
  sourceUploads: "sources",
  sourceChunks: "sources",
  sourceChunkVectors: "sources",
  sourceTerms: "sources",
  courseSources: "sources",

  emailOutbox: "server",
  rateLimits: "server",
  adminAudit: "server",
  jobs: "server",
};

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
    writer: "quiz",
    columns: ["bestMark", "quizPassed", "completed", "endedAt"],
    why: "the course's quiz result and completion, read with the course by every list",
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
