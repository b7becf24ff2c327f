/** Tables the classes feature writes: a class, its members and the courses assigned to it. (docs/table-owners.md) */
import { boolean, index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, updatedAt } from "./columns";
import { courses } from "./courses";

/** A teacher (the class's owner or a co-teacher) sees the class's learners; a learner sees their assignments. */
export const classRole = pgEnum("class_role", ["teacher", "learner"]);

/** A group a teacher on a paid plan gives courses to (issue 34 item 4). */
export const classes = pgTable(
  "classes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Who made it: the one teacher who may rename, rotate its code, add co-teachers or delete it. */
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** What learners type or follow to join; rotating it ends the old one. */
    joinCode: text("join_code").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("classes_owner_idx").on(t.ownerId), uniqueIndex("classes_join_code_key").on(t.joinCode)],
);

/** Who is in a class and as what; the owner has a teacher's row too. */
export const classMembers = pgTable(
  "class_members",
  {
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: classRole("role").notNull().default("learner"),
    /** The member's choice: assignment mails and due-date reminders from this class. */
    notify: boolean("notify").notNull().default(true),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.userId] }), index("class_members_user_idx").on(t.userId)],
);

/** A course given to a class, with an optional date it should be done by. */
export const classAssignments = pgTable(
  "class_assignments",
  {
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    dueAt: timestamp("due_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.courseId] }), index("class_assignments_course_idx").on(t.courseId)],
);
