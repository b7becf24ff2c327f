/** The table the generation feature writes: outlines a user may turn into a course. (docs/table-owners.md) */
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { courseType } from "./courses";

/**
 * Outlines the model wrote at /api/prompt, kept so /api/course builds a course only from an
 * outline the server produced for that user (never from titles a client made up). Used once;
 * read as expired after a day (src/features/generation/queries.ts).
 */
export const generatedOutlines = pgTable(
  "generated_outlines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** `{ topics: [{ title, subtopics: string[] }] }`, titles as the model wrote them (cleaned). */
    outline: jsonb("outline").$type<{ topics: { title: string; subtopics: string[] }[] }>().notNull(),
    topic: text("topic").notNull(),
    type: courseType("type").notNull(),
    language: text("language").notNull(),
    topicsLimit: text("topics_limit").notNull(),
    createdAt: createdAt(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("generated_outlines_user_created_idx").on(t.userId, t.createdAt)],
);
