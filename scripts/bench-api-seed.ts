/**
 * The database half of `npm run bench:api -- --deep` (scripts/bench-api.mjs runs it through tsx
 * with the server-only preload). It works on the database named by DATABASE_URL, else PGlite in
 * DATA_DIR, before the app opens it (PGlite has one owner at a time), and prints one JSON line:
 *
 *   seed EMAIL PASSWORD N   migrates, then a user with N courses (4 topics of 3 lessons each, with
 *                           a lesson text of about 2 kB), written by the database (generate_series)
 *
 * Seed rows in SQL, as scripts do (decision 009): the app's own code is measured over HTTP.
 */
import { sql } from "drizzle-orm";
import { closeDb, getDbHandle } from "../src/server/db/client";
import { migrateDatabase } from "../src/server/db/migrate";

const [mode, ...args] = process.argv.slice(2);

async function main() {
  const handle = await getDbHandle();
  await migrateDatabase(handle, process.env.DATABASE_URL?.trim() || undefined);
  const db = handle.db;
  let result: unknown;
  if (mode === "seed") {
    const [email, password, n] = [args[0], args[1], Number(args[2])];
    const { hash } = await import("@node-rs/argon2");
    await db.execute(
      sql`insert into users (email, name, password_hash, plan) values (${email}, 'Bench', ${await hash(password)}, 'monthly')`,
    );
    // Newest first is the list's order: course i is i minutes old.
    await db.execute(sql`
      insert into courses (user_id, main_topic, type, lang, created_at)
      select u.id, 'Bench Topic ' || g, 'text_image', 'English', now() - make_interval(mins => g)
      from users u, generate_series(1, ${n}) g where u.email = ${email}`);
    await db.execute(sql`
      insert into topics (course_id, position, number, title)
      select c.id, p, p, 'Part ' || p from courses c join users u on u.id = c.user_id, generate_series(0, 3) p
      where u.email = ${email}`);
    await db.execute(sql`
      insert into lessons (course_id, topic_id, position, title, theory)
      select t.course_id, t.id, p, 'Lesson ' || p, repeat('<p>Bench lesson text.</p>', 80)
      from topics t join courses c on c.id = t.course_id join users u on u.id = c.user_id, generate_series(0, 2) p
      where u.email = ${email}`);
    // Each course's first lesson of each topic read by its owner.
    await db.execute(sql`
      insert into lesson_progress (user_id, lesson_id, course_id, opened_at, done)
      select u.id, l.id, l.course_id, now(), true
      from lessons l join courses c on c.id = l.course_id join users u on u.id = c.user_id
      where u.email = ${email} and l.position = 0`);
    await db.execute(sql`analyze`);
    result = { seeded: email, courses: n };
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
  await closeDb();
  console.log(JSON.stringify(result));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
