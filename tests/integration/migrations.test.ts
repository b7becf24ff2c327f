/**
 * The SQL migrations in drizzle/ must build exactly what src/server/db/schema/ describes,
 * apply once, and stay safe when several app instances start together.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { is, sql, type SQL } from "drizzle-orm";
import { getTableConfig, isPgEnum, PgTable } from "drizzle-orm/pg-core";
import { openPostgres, type DbHandle } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import * as schema from "@/server/db/schema";

const serverUrl = process.env.TEST_DATABASE_URL?.trim();

type EmptyDatabase = { handle: DbHandle; url?: string; dispose: () => Promise<void> };

/** A database with nothing in it: a fresh in-memory PGlite, or a new database on TEST_DATABASE_URL. */
async function emptyDatabase(): Promise<EmptyDatabase> {
  if (!serverUrl) {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { PGLITE_EXTENSIONS } = await import("@/server/db/pglite-extensions");
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const handle: DbHandle = {
      db: drizzle(client, { schema }) as unknown as DbHandle["db"],
      close: () => client.close(),
      kind: "pglite",
    };
    return { handle, dispose: () => client.close() };
  }
  const { default: postgres } = await import("postgres");
  const name = `aula_migrate_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 2);
  return {
    handle,
    url: url.toString(),
    dispose: async () => {
      await handle.close();
      const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Rows of a raw query, whichever driver answered (PGlite gives {rows}, postgres.js an array). */
async function rows<T>(handle: DbHandle, query: SQL): Promise<T[]> {
  const result = (await handle.db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const journal: { entries: { tag: string }[] } = JSON.parse(
  readFileSync(path.join(process.cwd(), "drizzle", "meta", "_journal.json"), "utf8"),
);

const schemaExports: unknown[] = Object.values(schema);
const schemaTables = schemaExports.filter((value): value is PgTable => is(value, PgTable));
const schemaEnums = schemaExports.filter(isPgEnum);

async function publicTables(handle: DbHandle): Promise<string[]> {
  const found = await rows<{ table_name: string }>(
    handle,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  return found.map((r) => r.table_name).sort();
}

async function appliedMigrations(handle: DbHandle): Promise<{ hash: string }[]> {
  return rows<{ hash: string }>(handle, sql`select hash from drizzle.__drizzle_migrations order by id`);
}

describe(`migrations on an empty ${serverUrl ? "PostgreSQL" : "PGlite"} database`, () => {
  let database: EmptyDatabase;

  beforeAll(async () => {
    database = await emptyDatabase();
    expect(await publicTables(database.handle)).toEqual([]);
    await migrateDatabase(database.handle, database.url);
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it("create every table of the schema, and no other", async () => {
    expect(schemaTables.length).toBeGreaterThanOrEqual(17);
    const expected = schemaTables.map((table) => getTableConfig(table).name).sort();
    expect(await publicTables(database.handle)).toEqual(expected);
  });

  it("give every table the columns, nullability and indexes the schema declares", async () => {
    const columns = await rows<{ table_name: string; column_name: string; is_nullable: string }>(
      database.handle,
      sql`select table_name, column_name, is_nullable from information_schema.columns where table_schema = 'public'`,
    );
    const indexes = await rows<{ tablename: string; indexname: string }>(
      database.handle,
      sql`select tablename, indexname from pg_indexes where schemaname = 'public'`,
    );
    const problems: string[] = [];
    for (const table of schemaTables) {
      const config = getTableConfig(table);
      const inPrimaryKey = new Set(config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name)));
      const actual = new Map(
        columns.filter((c) => c.table_name === config.name).map((c) => [c.column_name, c.is_nullable]),
      );
      const declared = new Set(config.columns.map((c) => c.name));
      for (const column of config.columns) {
        const nullable = actual.get(column.name);
        const notNull = column.notNull || column.primary || inPrimaryKey.has(column.name);
        if (nullable === undefined) problems.push(`${config.name}.${column.name}: missing`);
        else if ((nullable === "NO") !== notNull) problems.push(`${config.name}.${column.name}: nullability differs`);
      }
      for (const name of actual.keys())
        if (!declared.has(name)) problems.push(`${config.name}.${name}: not in the schema`);
      const tableIndexes = new Set(indexes.filter((i) => i.tablename === config.name).map((i) => i.indexname));
      for (const index of config.indexes) {
        const name = index.config.name ?? "(unnamed: give it a name)";
        if (!tableIndexes.has(name)) problems.push(`${config.name}: index ${name} missing`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("create every enum with the values the schema declares", async () => {
    const labels = await rows<{ typname: string; enumlabel: string }>(
      database.handle,
      sql`select t.typname, e.enumlabel from pg_type t join pg_enum e on e.enumtypid = t.oid order by t.typname, e.enumsortorder`,
    );
    for (const pgEnum of schemaEnums) {
      expect({
        [pgEnum.enumName]: labels.filter((l) => l.typname === pgEnum.enumName).map((l) => l.enumlabel),
      }).toEqual({
        [pgEnum.enumName]: pgEnum.enumValues,
      });
    }
  });

  it("record each migration once, and applying them again changes nothing", async () => {
    const before = await appliedMigrations(database.handle);
    expect(before).toHaveLength(journal.entries.length);

    await migrateDatabase(database.handle, database.url);

    expect(await appliedMigrations(database.handle)).toEqual(before);
    expect(await publicTables(database.handle)).toHaveLength(schemaTables.length);
  });
});

// Concurrency is a PostgreSQL matter (an advisory lock); PGlite is one process's own database.
(serverUrl ? describe : describe.skip)("migrations started together (PostgreSQL only: set TEST_DATABASE_URL)", () => {
  let database: EmptyDatabase;
  let second: DbHandle;

  beforeAll(async () => {
    database = await emptyDatabase();
    second = await openPostgres(String(database.url), 2);
  });

  afterAll(async () => {
    await second?.close();
    await database?.dispose();
  });

  it("both succeed and apply each migration exactly once", async () => {
    // Two app instances booting against one fresh database at the same moment.
    await expect(
      Promise.all([migrateDatabase(database.handle, database.url), migrateDatabase(second, database.url)]),
    ).resolves.toBeDefined();

    const applied = await appliedMigrations(database.handle);
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied.map((m) => m.hash)).size).toBe(journal.entries.length);
    expect(await publicTables(second)).toHaveLength(schemaTables.length);
  });
});

/**
 * The previous release's database for the migration tagged `…suffix`: an empty one with every
 * migration before it applied; `migrate` then applies that one.
 */
async function databaseBefore(suffix: string): Promise<EmptyDatabase & { migrate: () => Promise<void> }> {
  const empty = await emptyDatabase();
  const files = journal.entries.map((e) => e.tag);
  const run = async (tag: string) => {
    const text = readFileSync(path.join(process.cwd(), "drizzle", `${tag}.sql`), "utf8");
    for (const statement of text.split("--> statement-breakpoint"))
      if (statement.trim()) await empty.handle.db.execute(sql.raw(statement));
  };
  const target = files.findIndex((tag) => tag.endsWith(suffix));
  if (target < 0) throw new Error(`no migration ends with ${suffix}`);
  for (const tag of files.slice(0, target)) await run(tag);
  return { ...empty, migrate: () => run(files[target]) };
}

describe("the course-creations migration", () => {
  it("records every existing course as created when it was, so the monthly allowance keeps counting them", async () => {
    const empty = await databaseBefore("_course-creations");
    try {
      await empty.handle.db.execute(
        sql`insert into users (id, email, name, password_hash) values ('00000000-0000-4000-8000-000000000001', 'a@example.io', 'A', 'x')`,
      );
      await empty.handle.db.execute(
        sql`insert into courses (id, user_id, main_topic, type, lang, created_at) values
          ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000001', 'One', 'text_image', 'English', '2020-01-15T00:00:00Z'),
          ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-000000000001', 'Two', 'text_image', 'English', now())`,
      );
      await empty.migrate();
      const recorded = await rows(
        empty.handle,
        sql`select course_id, user_id, created_at = (select created_at from courses where id = course_id) as same_time from course_creations order by course_id`,
      );
      expect(recorded).toEqual([
        {
          course_id: "00000000-0000-4000-8000-0000000000c1",
          user_id: "00000000-0000-4000-8000-000000000001",
          same_time: true,
        },
        {
          course_id: "00000000-0000-4000-8000-0000000000c2",
          user_id: "00000000-0000-4000-8000-000000000001",
          same_time: true,
        },
      ]);
    } finally {
      await empty.dispose();
    }
  });
});

describe("the proof-of-completion migration", () => {
  it("counts done lessons with text as opened, takes done off lessons never written, and closes an attempt already graded", async () => {
    const empty = await databaseBefore("_proof-of-completion");
    try {
      const user = "00000000-0000-4000-8000-000000000001";
      const [c1, c2] = ["00000000-0000-4000-8000-0000000000c1", "00000000-0000-4000-8000-0000000000c2"];
      const topic = "00000000-0000-4000-8000-0000000000a1";
      await empty.handle.db.execute(
        sql`insert into users (id, email, name, password_hash) values (${user}, 'a@example.io', 'A', 'x')`,
      );
      await empty.handle.db.execute(
        sql`insert into courses (id, user_id, main_topic, type, lang) values (${c1}, ${user}, 'One', 'text_image', 'English'), (${c2}, ${user}, 'Two', 'text_image', 'English')`,
      );
      await empty.handle.db.execute(
        sql`insert into topics (id, course_id, position, title) values (${topic}, ${c1}, 0, 'T')`,
      );
      await empty.handle.db.execute(
        sql`insert into lessons (id, course_id, topic_id, position, title, theory, done, generated_at) values
          ('00000000-0000-4000-8000-0000000000b1', ${c1}, ${topic}, 0, 'read', '<p>x</p>', true, '2025-05-01T00:00:00Z'),
          ('00000000-0000-4000-8000-0000000000b2', ${c1}, ${topic}, 1, 'ticked, never written', '', true, null),
          ('00000000-0000-4000-8000-0000000000b3', ${c1}, ${topic}, 2, 'written, not opened', '<p>y</p>', false, now())`,
      );
      // Course 1 was served and graded after; course 2 was served again after its last grading.
      await empty.handle.db.execute(
        sql`insert into quizzes (course_id, questions, served_at) values (${c1}, '[]', '2025-05-01T00:00:00Z'), (${c2}, '[]', '2025-05-03T00:00:00Z')`,
      );
      await empty.handle.db.execute(
        sql`insert into quiz_attempts (course_id, user_id, mark, passed, created_at) values (${c1}, ${user}, 50, true, '2025-05-01T00:01:00Z'), (${c2}, ${user}, 0, false, '2025-05-02T00:00:00Z')`,
      );
      await empty.migrate();
      expect(
        await rows(
          empty.handle,
          sql`select title, done, opened_at is not null as opened, opened_at = generated_at as when_written from lessons order by position`,
        ),
      ).toEqual([
        { title: "read", done: true, opened: true, when_written: true },
        { title: "ticked, never written", done: false, opened: false, when_written: null },
        { title: "written, not opened", done: false, opened: false, when_written: null },
      ]);
      expect(
        await rows(
          empty.handle,
          sql`select course_id, graded_at is not null as closed, attempt_id is not null as has_attempt from quizzes order by course_id`,
        ),
      ).toEqual([
        { course_id: c1, closed: true, has_attempt: true },
        { course_id: c2, closed: false, has_attempt: true },
      ]);
    } finally {
      await empty.dispose();
    }
  });
});

describe("the lesson-progress migration", () => {
  it("gives each course's owner the reading its lessons had, row for row, and nobody else any", async () => {
    const empty = await databaseBefore("_lesson_progress");
    try {
      const [ann, bob] = ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"];
      const [c1, c2] = ["00000000-0000-4000-8000-0000000000c1", "00000000-0000-4000-8000-0000000000c2"];
      const [t1, t2] = ["00000000-0000-4000-8000-0000000000a1", "00000000-0000-4000-8000-0000000000a2"];
      await empty.handle.db.execute(
        sql`insert into users (id, email, name, password_hash) values (${ann}, 'ann@example.io', 'Ann', 'x'), (${bob}, 'bob@example.io', 'Bob', 'x')`,
      );
      await empty.handle.db.execute(
        sql`insert into courses (id, user_id, main_topic, type, lang) values (${c1}, ${ann}, 'One', 'text_image', 'English'), (${c2}, ${bob}, 'Two', 'text_image', 'English')`,
      );
      await empty.handle.db.execute(
        sql`insert into topics (id, course_id, position, title) values (${t1}, ${c1}, 0, 'T'), (${t2}, ${c2}, 0, 'T')`,
      );
      await empty.handle.db.execute(
        sql`insert into lessons (id, course_id, topic_id, position, title, theory, done, opened_at, updated_at) values
          ('00000000-0000-4000-8000-0000000000b1', ${c1}, ${t1}, 0, 'read', '<p>x</p>', true, '2025-05-01T00:00:00Z', '2025-05-02T00:00:00Z'),
          ('00000000-0000-4000-8000-0000000000b2', ${c1}, ${t1}, 1, 'opened, unticked', '<p>y</p>', false, '2025-05-03T00:00:00Z', '2025-05-04T00:00:00Z'),
          ('00000000-0000-4000-8000-0000000000b3', ${c1}, ${t1}, 2, 'ticked, never served', '<p>z</p>', true, null, '2025-05-05T00:00:00Z'),
          ('00000000-0000-4000-8000-0000000000b4', ${c1}, ${t1}, 3, 'written, not opened', '<p>w</p>', false, null, now()),
          ('00000000-0000-4000-8000-0000000000b5', ${c2}, ${t2}, 0, 'read by bob', '<p>v</p>', true, '2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z')`,
      );
      await empty.migrate();
      const progress = await rows<Record<string, unknown>>(
        empty.handle,
        sql`select p.user_id, l.title, p.course_id, p.done,
              extract(epoch from p.opened_at)::int as opened_at, extract(epoch from p.updated_at)::int as updated_at
            from lesson_progress p join lessons l on l.id = p.lesson_id order by l.course_id, l.position`,
      );
      const at = (iso: string | null) => (iso === null ? null : Date.parse(iso) / 1000);
      expect(progress).toEqual([
        {
          user_id: ann,
          title: "read",
          course_id: c1,
          done: true,
          opened_at: at("2025-05-01T00:00:00Z"),
          updated_at: at("2025-05-02T00:00:00Z"),
        },
        {
          user_id: ann,
          title: "opened, unticked",
          course_id: c1,
          done: false,
          opened_at: at("2025-05-03T00:00:00Z"),
          updated_at: at("2025-05-04T00:00:00Z"),
        },
        {
          user_id: ann,
          title: "ticked, never served",
          course_id: c1,
          done: true,
          opened_at: null,
          updated_at: at("2025-05-05T00:00:00Z"),
        },
        {
          user_id: bob,
          title: "read by bob",
          course_id: c2,
          done: true,
          opened_at: at("2025-06-01T00:00:00Z"),
          updated_at: at("2025-06-01T00:00:00Z"),
        },
      ]);
      // The lessons keep their text; their reading left them.
      const columns = await rows<{ column_name: string }>(
        empty.handle,
        sql`select column_name from information_schema.columns where table_name = 'lessons' and column_name in ('done', 'opened_at')`,
      );
      expect(columns).toEqual([]);
      expect(await rows(empty.handle, sql`select count(*)::int as n from lessons`)).toEqual([{ n: 5 }]);
    } finally {
      await empty.dispose();
    }
  });
});

describe("the course-learners migration", () => {
  it("gives each course's owner its quiz result and completion, one row per course, and keeps one certificate per learner", async () => {
    const empty = await databaseBefore("_course_learners");
    try {
      const [ann, bob] = ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"];
      const [c1, c2, c3] = [
        "00000000-0000-4000-8000-0000000000c1",
        "00000000-0000-4000-8000-0000000000c2",
        "00000000-0000-4000-8000-0000000000c3",
      ];
      await empty.handle.db.execute(
        sql`insert into users (id, email, name, password_hash) values (${ann}, 'ann@example.io', 'Ann', 'x'), (${bob}, 'bob@example.io', 'Bob', 'x')`,
      );
      await empty.handle.db.execute(
        sql`insert into courses (id, user_id, main_topic, type, lang, quiz_passed, best_mark, completed, ended_at) values
          (${c1}, ${ann}, 'Finished', 'text_image', 'English', true, 90, true, '2025-07-01T10:00:00Z'),
          (${c2}, ${ann}, 'Failed once', 'text_image', 'English', false, 30, false, null),
          (${c3}, ${bob}, 'Untouched', 'video_text', 'English', false, null, false, null)`,
      );
      await empty.handle.db.execute(
        sql`insert into certificates (public_id, user_id, course_id, holder_name, course_title) values ('pub-1', ${ann}, ${c1}, 'Ann', 'Finished')`,
      );
      await empty.migrate();
      expect(
        await rows(
          empty.handle,
          sql`select course_id, user_id, quiz_passed, best_mark, completed, extract(epoch from ended_at)::int as ended_at
              from course_learners order by course_id`,
        ),
      ).toEqual([
        {
          course_id: c1,
          user_id: ann,
          quiz_passed: true,
          best_mark: 90,
          completed: true,
          ended_at: Date.parse("2025-07-01T10:00:00Z") / 1000,
        },
        { course_id: c2, user_id: ann, quiz_passed: false, best_mark: 30, completed: false, ended_at: null },
        { course_id: c3, user_id: bob, quiz_passed: false, best_mark: null, completed: false, ended_at: null },
      ]);
      const columns = await rows<{ column_name: string }>(
        empty.handle,
        sql`select column_name from information_schema.columns where table_name = 'courses'
            and column_name in ('quiz_passed', 'best_mark', 'completed', 'ended_at')`,
      );
      expect(columns).toEqual([]);
      // The certificate stays; another learner of the same course may now have their own.
      await empty.handle.db.execute(
        sql`insert into certificates (public_id, user_id, course_id, holder_name, course_title) values ('pub-2', ${bob}, ${c1}, 'Bob', 'Finished')`,
      );
      await expect(
        empty.handle.db.execute(
          sql`insert into certificates (public_id, user_id, course_id, holder_name, course_title) values ('pub-3', ${ann}, ${c1}, 'Ann', 'Finished')`,
        ),
      ).rejects.toThrow();
    } finally {
      await empty.dispose();
    }
  });
});

describe("the each-learner quiz migration", () => {
  it("makes each course's served attempt its owner's, open or graded, and keys quiz-miss cards by learner", async () => {
    const empty = await databaseBefore("_each_learner_quiz");
    try {
      const [ann, bob] = ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"];
      const [c1, c2, c3] = [
        "00000000-0000-4000-8000-0000000000c1",
        "00000000-0000-4000-8000-0000000000c2",
        "00000000-0000-4000-8000-0000000000c3",
      ];
      const [open, graded] = ["00000000-0000-4000-8000-0000000000a1", "00000000-0000-4000-8000-0000000000a2"];
      const order = [{ question: 0, options: [1, 0] }];
      await empty.handle.db.execute(
        sql`insert into users (id, email, name, password_hash) values (${ann}, 'ann@example.io', 'Ann', 'x'), (${bob}, 'bob@example.io', 'Bob', 'x')`,
      );
      await empty.handle.db.execute(
        sql`insert into courses (id, user_id, main_topic, type, lang) values
          (${c1}, ${ann}, 'Open attempt', 'text_image', 'English'),
          (${c2}, ${bob}, 'Graded attempt', 'text_image', 'English'),
          (${c3}, ${bob}, 'No quiz', 'text_image', 'English')`,
      );
      await empty.handle.db.execute(
        sql`insert into quizzes (course_id, questions, served_at, attempt_id, served_order, graded_at) values
          (${c1}, '[]', '2025-05-01T10:00:00Z', ${open}, ${JSON.stringify(order)}::jsonb, null),
          (${c2}, '[]', '2025-05-02T10:00:00Z', ${graded}, null, '2025-05-02T10:05:00Z')`,
      );
      await empty.handle.db.execute(
        sql`insert into cards (user_id, course_id, source, source_key, front, back) values (${ann}, ${c1}, 'quiz-miss', 'k1', 'Q', 'A')`,
      );
      await empty.migrate();
      expect(
        await rows(
          empty.handle,
          sql`select course_id, user_id, attempt_id, served_order, extract(epoch from served_at)::int as served_at,
                extract(epoch from graded_at)::int as graded_at from quiz_servings order by course_id`,
        ),
      ).toEqual([
        {
          course_id: c1,
          user_id: ann,
          attempt_id: open,
          served_order: order,
          served_at: Date.parse("2025-05-01T10:00:00Z") / 1000,
          graded_at: null,
        },
        {
          course_id: c2,
          user_id: bob,
          attempt_id: graded,
          served_order: null,
          served_at: Date.parse("2025-05-02T10:00:00Z") / 1000,
          graded_at: Date.parse("2025-05-02T10:05:00Z") / 1000,
        },
      ]);
      const columns = await rows<{ column_name: string }>(
        empty.handle,
        sql`select column_name from information_schema.columns where table_name = 'quizzes' order by column_name`,
      );
      expect(columns.map((c) => c.column_name)).toEqual(["course_id", "created_at", "questions"]);
      // Another learner of the course may now miss the same question; the same learner still has one card for it.
      await empty.handle.db.execute(
        sql`insert into cards (user_id, course_id, source, source_key, front, back) values (${bob}, ${c1}, 'quiz-miss', 'k1', 'Q', 'A')`,
      );
      await expect(
        empty.handle.db.execute(
          sql`insert into cards (user_id, course_id, source, source_key, front, back) values (${ann}, ${c1}, 'quiz-miss', 'k1', 'Q', 'A')`,
        ),
      ).rejects.toThrow();
    } finally {
      await empty.dispose();
    }
  });
});

describe("the review-lessons migration", () => {
  it("makes every review lesson its course owner's and leaves the course's own lessons everyone's", async () => {
    const empty = await databaseBefore("_review_lessons_learner");
    try {
      const ann = "00000000-0000-4000-8000-000000000001";
      const course = "00000000-0000-4000-8000-0000000000c1";
      const topic = "00000000-0000-4000-8000-0000000000d1";
      const [own, review] = ["00000000-0000-4000-8000-0000000000e1", "00000000-0000-4000-8000-0000000000e2"];
      await empty.handle.db.execute(
        sql`insert into users (id, email, name, password_hash) values (${ann}, 'ann@example.io', 'Ann', 'x')`,
      );
      await empty.handle.db.execute(
        sql`insert into courses (id, user_id, main_topic, type, lang) values (${course}, ${ann}, 'Course', 'text_image', 'English')`,
      );
      await empty.handle.db.execute(
        sql`insert into topics (id, course_id, position, title) values (${topic}, ${course}, 0, 'Topic')`,
      );
      const remediation = { attemptId: "00000000-0000-4000-8000-0000000000a1", topicPosition: 0, missed: [] };
      await empty.handle.db.execute(
        sql`insert into lessons (id, course_id, topic_id, position, title, remediation) values
          (${own}, ${course}, ${topic}, 0, 'Own', null),
          (${review}, ${course}, ${topic}, 1, 'Review', ${JSON.stringify(remediation)}::jsonb)`,
      );
      await empty.migrate();
      expect(await rows(empty.handle, sql`select id, learner_id from lessons order by position`)).toEqual([
        { id: own, learner_id: null },
        { id: review, learner_id: ann },
      ]);
    } finally {
      await empty.dispose();
    }
  });
  it("numbers every topic by its position, the number quiz questions and attempts already name it by", async () => {
    const empty = await databaseBefore("_outline_editing");
    try {
      const ann = "00000000-0000-4000-8000-000000000001";
      const course = "00000000-0000-4000-8000-0000000000c1";
      await empty.handle.db.execute(
        sql`insert into users (id, email, name, password_hash) values (${ann}, 'ann@example.io', 'Ann', 'x')`,
      );
      await empty.handle.db.execute(
        sql`insert into courses (id, user_id, main_topic, type, lang) values (${course}, ${ann}, 'Course', 'text_image', 'English')`,
      );
      await empty.handle.db.execute(
        sql`insert into topics (course_id, position, title) values (${course}, 0, 'First'), (${course}, 1, 'Second')`,
      );
      await empty.migrate();
      expect(
        await rows(empty.handle, sql`select title, position, number, archived_at from topics order by position`),
      ).toEqual([
        { title: "First", position: 0, number: 0, archived_at: null },
        { title: "Second", position: 1, number: 1, archived_at: null },
      ]);
      expect(await rows(empty.handle, sql`select outline_version from courses`)).toEqual([{ outline_version: 0 }]);
    } finally {
      await empty.dispose();
    }
  });
});

describe("the course-publishing migration", () => {
  it("publishes every lesson as it stands and counts a done lesson as read in that revision", async () => {
    const empty = await databaseBefore("_course_publishing");
    try {
      const ann = "00000000-0000-4000-8000-000000000001";
      const course = "00000000-0000-4000-8000-0000000000c1";
      const topic = "00000000-0000-4000-8000-0000000000d1";
      const [edited, untouched] = ["00000000-0000-4000-8000-0000000000e1", "00000000-0000-4000-8000-0000000000e2"];
      await empty.handle.db.execute(
        sql`insert into users (id, email, name, password_hash) values (${ann}, 'ann@example.io', 'Ann', 'x')`,
      );
      await empty.handle.db.execute(
        sql`insert into courses (id, user_id, main_topic, type, lang) values (${course}, ${ann}, 'Course', 'text_image', 'English')`,
      );
      await empty.handle.db.execute(
        sql`insert into topics (id, course_id, position, number, title) values (${topic}, ${course}, 0, 0, 'First')`,
      );
      await empty.handle.db.execute(
        sql`insert into lessons (id, course_id, topic_id, position, title, theory, version) values
          (${edited}, ${course}, ${topic}, 0, 'Edited', '<p>Three times.</p>', 3),
          (${untouched}, ${course}, ${topic}, 1, 'Untouched', '<p>As written.</p>', 0)`,
      );
      await empty.handle.db.execute(
        sql`insert into lesson_progress (user_id, lesson_id, course_id, opened_at, done) values
          (${ann}, ${edited}, ${course}, now(), true), (${ann}, ${untouched}, ${course}, now(), false)`,
      );
      await empty.migrate();
      expect(
        await rows(empty.handle, sql`select title, version, published_revision from lessons order by position`),
      ).toEqual([
        { title: "Edited", version: 3, published_revision: 3 },
        { title: "Untouched", version: 0, published_revision: 0 },
      ]);
      expect(
        await rows(
          empty.handle,
          sql`select l.title, p.read_revision from lesson_progress p join lessons l on l.id = p.lesson_id order by l.position`,
        ),
      ).toEqual([
        { title: "Edited", read_revision: 3 },
        { title: "Untouched", read_revision: null },
      ]);
      expect(await rows(empty.handle, sql`select published_version, published_at from courses`)).toEqual([
        { published_version: 1, published_at: null },
      ]);
    } finally {
      await empty.dispose();
    }
  });
});
