import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { classAssignments, classes, classMembers, courses, users } from "@/server/db/schema";

export type ClassRole = (typeof classMembers.$inferSelect)["role"];
export type ClassRow = typeof classes.$inferSelect;

/** A class as one of its members sees it: with their role, whether they made it and their mail choice. */
export type MemberClass = ClassRow & { role: ClassRole; isOwner: boolean; notify: boolean };

/** A class and the caller's standing in it; undefined when they are not a member. */
export async function findMemberClass(userId: string, classId: string): Promise<MemberClass | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ class: classes, role: classMembers.role, notify: classMembers.notify })
    .from(classes)
    .innerJoin(classMembers, and(eq(classMembers.classId, classes.id), eq(classMembers.userId, userId)))
    .where(eq(classes.id, classId));
  return row ? { ...row.class, role: row.role, notify: row.notify, isOwner: row.class.ownerId === userId } : undefined;
}

export async function findClassByCode(joinCode: string): Promise<ClassRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(classes).where(eq(classes.joinCode, joinCode));
  return row;
}

/** A new class with its owner as its first teacher, in one transaction. Null: the code was taken. */
export async function insertClass(ownerId: string, name: string, joinCode: string): Promise<ClassRow | null> {
  const db = await getDb();
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx.insert(classes).values({ ownerId, name, joinCode }).onConflictDoNothing().returning();
    if (!row) return null;
    await tx.insert(classMembers).values({ classId: row.id, userId: ownerId, role: "teacher" });
    return row;
  });
}

/** A new join code for the owner's class; false when the code was taken (the caller draws again). */
export async function setJoinCode(ownerId: string, classId: string, joinCode: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(classes)
    .set({ joinCode, updatedAt: sql`now()` })
    .where(
      and(
        eq(classes.id, classId),
        eq(classes.ownerId, ownerId),
        sql`not exists (select 1 from ${classes} c2 where c2.join_code = ${joinCode})`,
      ),
    )
    .returning({ id: classes.id });
  return rows.length > 0;
}

/** The caller's classes, teaching first, then newest. */
export async function listMemberClasses(
  userId: string,
): Promise<{ id: string; name: string; role: ClassRole; isOwner: boolean; members: number }[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: classes.id,
      name: classes.name,
      ownerId: classes.ownerId,
      role: classMembers.role,
      members: sql<number>`(select count(*) from ${classMembers} m where m.class_id = ${classes.id}
        and m.role = 'learner')`.mapWith(Number),
    })
    .from(classMembers)
    .innerJoin(classes, eq(classes.id, classMembers.classId))
    .where(eq(classMembers.userId, userId))
    .orderBy(asc(classMembers.role), desc(classes.createdAt))
    .limit(100);
  return rows.map(({ ownerId, ...row }) => ({ ...row, isOwner: ownerId === userId }));
}

/** Adds a member (a learner joining, a co-teacher added); a member already there keeps their row, unless made a teacher. */
export async function addMember(tx: Db, classId: string, userId: string, role: ClassRole): Promise<void> {
  const insert = tx.insert(classMembers).values({ classId, userId, role });
  await (role === "teacher"
    ? insert.onConflictDoUpdate({ target: [classMembers.classId, classMembers.userId], set: { role: "teacher" } })
    : insert.onConflictDoNothing());
}

/** Takes a member out of the class: false when they were not in it. */
export async function deleteMember(classId: string, userId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, userId)))
    .returning({ userId: classMembers.userId });
  return rows.length > 0;
}

/** A member's own choice of the class's mails (assignments, due-date reminders). */
export async function setMemberNotify(classId: string, userId: string, notify: boolean): Promise<void> {
  const db = await getDb();
  await db
    .update(classMembers)
    .set({ notify })
    .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, userId)));
}

/** The class's members with their names, teachers first. */
export async function listMembers(
  classId: string,
): Promise<{ userId: string; name: string; email: string; role: ClassRole; joinedAt: Date }[]> {
  const db = await getDb();
  return db
    .select({
      userId: classMembers.userId,
      name: users.name,
      email: users.email,
      role: classMembers.role,
      joinedAt: classMembers.joinedAt,
    })
    .from(classMembers)
    .innerJoin(users, eq(users.id, classMembers.userId))
    .where(eq(classMembers.classId, classId))
    .orderBy(desc(classMembers.role), asc(users.name));
}

/** The learners of a class: ids only, for enrolling them in a course given to it. */
export async function learnerIds(tx: Db, classId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: classMembers.userId })
    .from(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.role, "learner")));
  return rows.map((r) => r.userId);
}

/** A course given to a class, with its title, owner and due date. */
export type AssignmentRow = { courseId: string; mainTopic: string; lang: string; ownerId: string; dueAt: Date | null };

export async function listAssignments(tx: Db | null, classId: string): Promise<AssignmentRow[]> {
  const db = tx ?? (await getDb());
  return db
    .select({
      courseId: classAssignments.courseId,
      mainTopic: courses.mainTopic,
      lang: courses.lang,
      ownerId: courses.userId,
      dueAt: classAssignments.dueAt,
    })
    .from(classAssignments)
    .innerJoin(courses, eq(courses.id, classAssignments.courseId))
    .where(eq(classAssignments.classId, classId))
    .orderBy(sql`${classAssignments.dueAt} asc nulls last`, asc(courses.mainTopic));
}

/**
 * Gives the course to the class, or changes its due date when it was given already. `created`:
 * the row is new (xmax is 0 only for a row this statement inserted), so only a first giving is
 * announced by mail.
 */
export async function upsertAssignment(
  tx: Db,
  classId: string,
  courseId: string,
  dueAt: Date | null,
): Promise<{ created: boolean }> {
  const [row] = await tx
    .insert(classAssignments)
    .values({ classId, courseId, dueAt })
    .onConflictDoUpdate({ target: [classAssignments.classId, classAssignments.courseId], set: { dueAt } })
    .returning({ created: sql<boolean>`(xmax = 0)` });
  return { created: Boolean(row?.created) };
}

export async function deleteAssignment(classId: string, courseId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(classAssignments)
    .where(and(eq(classAssignments.classId, classId), eq(classAssignments.courseId, courseId)))
    .returning({ courseId: classAssignments.courseId });
  return rows.length > 0;
}

/** What a learner has been given across their classes, soonest due first (My Courses). */
export async function listLearnerAssignments(
  userId: string,
): Promise<
  { classId: string; className: string; courseId: string; mainTopic: string; lang: string; dueAt: Date | null }[]
> {
  const db = await getDb();
  return db
    .select({
      classId: classes.id,
      className: classes.name,
      courseId: courses.id,
      mainTopic: courses.mainTopic,
      lang: courses.lang,
      dueAt: classAssignments.dueAt,
    })
    .from(classMembers)
    .innerJoin(classes, eq(classes.id, classMembers.classId))
    .innerJoin(classAssignments, eq(classAssignments.classId, classes.id))
    .innerJoin(courses, eq(courses.id, classAssignments.courseId))
    .where(and(eq(classMembers.userId, userId), eq(classMembers.role, "learner")))
    .orderBy(sql`${classAssignments.dueAt} asc nulls last`, asc(courses.mainTopic))
    .limit(100);
}

/** The user with this e-mail, for adding a co-teacher. */
export async function findUserIdByEmail(email: string): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row?.id;
}

export async function deleteClass(ownerId: string, classId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(classes)
    .where(and(eq(classes.id, classId), eq(classes.ownerId, ownerId)))
    .returning({ id: classes.id });
  return rows.length > 0;
}
