/**
 * The database half of `npm run bench:classes` (scripts/bench-classes.mjs runs it through tsx with
 * the server-only preload). It works on the database named by DATABASE_URL, else PGlite in
 * DATA_DIR, before the app opens it (PGlite has one owner at a time), and prints one JSON line:
 *
 *   seed EMAIL PASSWORD LEARNERS CATALOGUE
 *     migrates, then:
 *     - a teacher (EMAIL, on a paid plan) with one course of 4 topics × 3 lessons (12 lessons,
 *       about 2 kB of written text each) and its quiz of 10 questions (4 options, a topic each);
 *     - a class of LEARNERS learners (200) given that course with a due date, each learner
 *       enrolled, with lesson progress on all 12 lessons (opened; 4 to 12 done), 3 counted quiz
 *       attempts a week apart with an answer per question (some unanswered) and their results
 *       (what mastery reads), the best mark and pass on their enrolment, 10 review cards (new,
 *       learning and review, some due), and a certificate for those who did everything;
 *     - CATALOGUE public courses (10,000) by 500 authors, each of 2 topics × 2 short lessons, in
 *       four languages and both types, with 0–40 enrolled learners each (every 500th: 300) from
 *       1,000 readers, so the catalogue (12 a page) has 834 pages ordered by learner count.
 *
 * Mastery is not stored: the teacher's view computes it from the attempts' results and the cards.
 * Rows are written by the database (INSERT … SELECT generate_series), as scripts do (decision
 * 009): the app's own code is measured over HTTP. Prints { classId, courseId, learners, courses }.
 */
import { sql } from "drizzle-orm";
import { closeDb, getDbHandle } from "../src/server/db/client";
import { migrateDatabase } from "../src/server/db/migrate";

const [mode, ...args] = process.argv.slice(2);

const QUESTIONS = 10;
const TOPICS = 4;
const LESSONS_PER_TOPIC = 3;
const ATTEMPTS = 3;
const CARDS_PER_LEARNER = 10;
const AUTHORS = 500;
const READERS = 1000;
const LANGUAGES = ["English", "Portuguese", "Spanish", "French"];

/** The quiz as the quiz job stores it: question, options, the right letter, explanation, topic. */
function quizQuestions() {
  return Array.from({ length: QUESTIONS }, (_, q) => ({
    question: `Question ${q + 1}: which statement about part ${(q % TOPICS) + 1} is right?`,
    options: Array.from({ length: 4 }, (_, o) => `Option ${String.fromCharCode(65 + o)} of question ${q + 1}`),
    answer: String.fromCharCode(97 + (q % 4)),
    explanation: `Part ${(q % TOPICS) + 1} explains why option ${String.fromCharCode(65 + (q % 4))} is right.`,
    topic: q % TOPICS,
  }));
}

async function seed(email: string, password: string, learners: number, catalogue: number) {
  const handle = await getDbHandle();
  await migrateDatabase(handle, process.env.DATABASE_URL?.trim() || undefined);
  const db = handle.db;
  const { hash } = await import("@node-rs/argon2");
  const passwordHash = await hash(password);
  const started = performance.now();
  const step = (label: string) => console.error(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

  // The teacher, their course, its 12 written lessons and its quiz.
  await db.execute(sql`
    insert into users (email, name, password_hash, plan, locale)
    values (${email}, 'Bench Teacher', ${passwordHash}, 'yearly', 'en')`);
  await db.execute(sql`
    insert into courses (user_id, main_topic, type, lang, created_at)
    select id, 'Photosynthesis for the class', 'text_image', 'English', now() - interval '40 days'
    from users where email = ${email}`);
  const [{ id: courseId }] = rowsOf<{ id: string }>(
    await db.execute(sql`select c.id from courses c join users u on u.id = c.user_id where u.email = ${email}`),
  );
  await db.execute(sql`
    insert into topics (course_id, position, number, title)
    select ${courseId}, p, p, 'Part ' || (p + 1) from generate_series(0, ${TOPICS - 1}) p`);
  await db.execute(sql`
    insert into lessons (course_id, topic_id, position, title, theory, generated_at)
    select t.course_id, t.id, p, 'Lesson ' || (t.position + 1) || '.' || (p + 1),
      repeat('<p>Bench lesson text about light, water and sugar.</p>', 40), now() - interval '39 days'
    from topics t, generate_series(0, ${LESSONS_PER_TOPIC - 1}) p where t.course_id = ${courseId}`);
  await db.execute(sql`
    insert into quizzes (course_id, questions, created_at)
    values (${courseId}, ${JSON.stringify(quizQuestions())}::jsonb, now() - interval '30 days')`);

  // The class, its learners, and the course given to it.
  await db.execute(sql`
    insert into classes (owner_id, name, join_code)
    select id, 'Bench class 7B', 'BNCH2345' from users where email = ${email}`);
  const classId = rowsOf<{ id: string }>(await db.execute(sql`select id from classes where join_code = 'BNCH2345'`))[0]
    .id;
  await db.execute(sql`
    insert into users (email, name, password_hash, locale, created_at)
    select 'learner-' || lpad(g::text, 4, '0') || '@bench.test', 'Learner ' || lpad(g::text, 4, '0'),
      ${passwordHash}, 'en', now() - interval '60 days'
    from generate_series(1, ${learners}) g`);
  await db.execute(sql`
    insert into class_members (class_id, user_id, role, joined_at)
    select ${classId}, id, 'teacher', now() - interval '35 days' from users where email = ${email}`);
  await db.execute(sql`
    insert into class_members (class_id, user_id, role, joined_at)
    select ${classId}, id, 'learner', now() - interval '34 days' from users where email like 'learner-%@bench.test'`);
  await db.execute(sql`
    insert into class_assignments (class_id, course_id, due_at)
    values (${classId}, ${courseId}, now() + interval '14 days')`);
  await db.execute(sql`
    insert into course_learners (course_id, user_id, enrolled_at)
    select ${courseId}, id, now() - interval '34 days' from users where email like 'learner-%@bench.test'`);
  step(`teacher, course and class of ${learners}`);

  // Learner n (1…N) has opened all 12 lessons and done the first 4 + n % 9 of them.
  await db.execute(sql`
    with learner as (
      select id, row_number() over (order by email) n from users where email like 'learner-%@bench.test'
    ), lesson as (
      select l.id, row_number() over (order by t.position, l.position) - 1 k
      from lessons l join topics t on t.id = l.topic_id where l.course_id = ${courseId}
    )
    insert into lesson_progress (user_id, lesson_id, course_id, opened_at, done, updated_at)
    select learner.id, lesson.id, ${courseId}, now() - make_interval(days => 33 - lesson.k::int),
      lesson.k < 4 + learner.n % 9, now() - make_interval(days => 33 - lesson.k::int, mins => learner.n::int)
    from learner, lesson`);

  // Three counted attempts a week apart; question q is right when the learner's ability, which
  // grows by one each attempt, beats a spread that differs by learner and question.
  await db.execute(sql`
    with learner as (
      select id, row_number() over (order by email) n from users where email like 'learner-%@bench.test'
    ), question as (
      select (q.ordinality - 1)::int q, q.value ->> 'question' text, q.value ->> 'answer' answer,
        q.value ->> 'explanation' explanation, (q.value ->> 'topic')::int topic, q.value -> 'options' options
      from quizzes z, jsonb_array_elements(z.questions) with ordinality q where z.course_id = ${courseId}
    ), answered as (
      select learner.id, learner.n, a, question.*,
        case
          when (learner.n + question.q + a) % 17 = 0 then ''
          when (learner.n * 7 + question.q * 13 + a * 5) % 10 < 2 + learner.n % 6 + a then question.answer
          else chr(97 + ((ascii(question.answer) - 97) + 1 + (learner.n % 3)::int) % 4)
        end chosen
      from learner, question, generate_series(0, ${ATTEMPTS - 1}) a
    ), attempt as (
      select id, n, a,
        count(*) filter (where chosen = answer) score,
        jsonb_agg(to_jsonb(chosen) order by q) answers,
        jsonb_agg(jsonb_build_object(
          'question', text, 'topic', topic, 'correct', chosen = answer,
          'right', options ->> (ascii(answer) - 97),
          'chosen', case when chosen = '' then '' else options ->> (ascii(chosen) - 97) end,
          'explanation', explanation) order by q) results
      from answered group by id, n, a
    )
    insert into quiz_attempts (course_id, user_id, mark, passed, answers, counted, attempt_id, results, created_at)
    select ${courseId}, id, score * 10, score * 100 >= 50 * ${QUESTIONS}, answers, true, gen_random_uuid(), results,
      now() - make_interval(days => 21 - a * 7, mins => n::int)
    from attempt`);
  await db.execute(sql`
    update course_learners cl set best_mark = s.best, quiz_passed = s.passed, updated_at = now()
    from (
      select user_id, max(mark) best, bool_or(passed) passed from quiz_attempts
      where course_id = ${courseId} group by user_id
    ) s
    where cl.course_id = ${courseId} and cl.user_id = s.user_id`);

  // Ten own cards per learner on the course's lessons: new, learning and review, a third due.
  await db.execute(sql`
    with learner as (
      select id, row_number() over (order by email) n from users where email like 'learner-%@bench.test'
    ), lesson as (
      select l.id, l.topic_id, row_number() over (order by t.position, l.position) - 1 k
      from lessons l join topics t on t.id = l.topic_id where l.course_id = ${courseId}
    )
    insert into cards (user_id, course_id, topic_id, lesson_id, source, front, back, source_sentence, due,
      stability, difficulty, elapsed_days, scheduled_days, reps, lapses, state, last_review, created_at)
    select learner.id, ${courseId}, lesson.topic_id, lesson.id, 'own',
      'Card ' || c || ': what does lesson ' || (lesson.k + 1) || ' say?', 'Answer ' || c,
      'Bench lesson text about light, water and sugar.',
      now() + make_interval(days => ((learner.n + c) % 9)::int - 3),
      case when c % 3 = 0 then 0 else 1 + (learner.n + c) % 20 end,
      case when c % 3 = 0 then 0 else 3 + (learner.n + c) % 5 end,
      case when c % 3 = 0 then 0 else (learner.n + c) % 10 end,
      case when c % 3 = 0 then 0 else 1 + (learner.n + c) % 12 end,
      c % 3, (learner.n + c) % 2 * (c % 3), c % 3,
      case when c % 3 = 0 then null else now() - make_interval(days => ((learner.n + c) % 10)::int) end,
      now() - interval '20 days'
    from learner, generate_series(0, ${CARDS_PER_LEARNER - 1}) c
      join lesson on lesson.k = c % ${TOPICS * LESSONS_PER_TOPIC}`);

  // A certificate for each learner who did every lesson and passed.
  await db.execute(sql`
    insert into certificates (public_id, user_id, course_id, holder_name, course_title, short_code, course_lang,
      lesson_count, quiz_mark, quiz_questions, locale)
    select md5(random()::text || cl.user_id::text), cl.user_id, cl.course_id, u.name, 'Photosynthesis for the class',
      upper(substr(md5(cl.user_id::text), 1, 8)), 'English', ${TOPICS * LESSONS_PER_TOPIC}, cl.best_mark, ${QUESTIONS}, 'en'
    from course_learners cl join users u on u.id = cl.user_id
    where cl.course_id = ${courseId} and cl.quiz_passed
      and (select count(*) from lesson_progress p where p.user_id = cl.user_id and p.course_id = cl.course_id and p.done)
        = ${TOPICS * LESSONS_PER_TOPIC}`);
  await db.execute(sql`
    update course_learners cl set completed = true, ended_at = c.issued_at
    from certificates c where c.course_id = cl.course_id and c.user_id = cl.user_id and cl.course_id = ${courseId}`);
  step("progress, attempts, cards and certificates");

  // The public catalogue: CATALOGUE courses by AUTHORS authors, enrolled by READERS readers.
  await db.execute(sql`
    insert into users (email, name, password_hash, created_at)
    select 'author-' || g || '@bench.test', 'Author ' || g, ${passwordHash}, now() - interval '90 days'
    from generate_series(1, ${AUTHORS}) g`);
  await db.execute(sql`
    insert into users (email, name, password_hash, created_at)
    select 'reader-' || g || '@bench.test', 'Reader ' || g, ${passwordHash}, now() - interval '90 days'
    from generate_series(1, ${READERS}) g`);
  await db.execute(sql`
    with author as (
      select id, row_number() over (order by email) - 1 i from users where email like 'author-%@bench.test'
    )
    insert into courses (user_id, main_topic, type, lang, visibility, created_at)
    select author.id, 'Catalogue course ' || g,
      case when g % 5 = 0 then 'video_text'::course_type else 'text_image'::course_type end,
      (${sql.raw(`array[${LANGUAGES.map((l) => `'${l}'`).join(", ")}]`)})[1 + g % ${LANGUAGES.length}],
      'public', now() - make_interval(mins => g)
    from generate_series(1, ${catalogue}) g join author on author.i = g % ${AUTHORS}`);
  await db.execute(sql`
    insert into topics (course_id, position, number, title)
    select c.id, p, p, 'Part ' || (p + 1) from courses c, generate_series(0, 1) p where c.visibility = 'public'`);
  await db.execute(sql`
    insert into lessons (course_id, topic_id, position, title, theory, generated_at)
    select t.course_id, t.id, p, 'Lesson ' || (t.position + 1) || '.' || (p + 1),
      repeat('<p>Catalogue lesson text.</p>', 10), now()
    from topics t join courses c on c.id = t.course_id, generate_series(0, 1) p where c.visibility = 'public'`);
  step(`${catalogue} public courses`);
  await db.execute(sql`
    with course as (
      select id, row_number() over (order by created_at desc, id) g from courses where visibility = 'public'
    ), reader as (
      select id, row_number() over (order by email) - 1 i from users where email like 'reader-%@bench.test'
    ), enrolment as (
      select course.id course_id, course.g, j
      from course, generate_series(0, 299) j
      where j < case when course.g % 500 = 0 then 300 else (course.g * 37) % 41 end
    )
    insert into course_learners (course_id, user_id, enrolled_at)
    select enrolment.course_id, reader.id, now() - make_interval(days => (j % 30)::int)
    from enrolment join reader on reader.i = (enrolment.g * 13 + enrolment.j) % ${READERS}`);
  step("catalogue enrolments");
  await db.execute(sql`analyze`);
  step("analyze");

  const [counts] = rowsOf<{ learners: number; courses: number; enrolments: number }>(
    await db.execute(sql`
      select (select count(*) from class_members where class_id = ${classId} and role = 'learner')::int learners,
        (select count(*) from courses where visibility = 'public')::int courses,
        (select count(*) from course_learners where enrolled_at is not null)::int enrolments`),
  );
  return { classId, courseId, ...counts };
}

/** The rows of a db.execute result: PGlite's and postgres-js's drivers shape them differently. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

async function main() {
  let result: unknown;
  if (mode === "seed") {
    result = await seed(args[0], args[1], Number(args[2] ?? 200), Number(args[3] ?? 10_000));
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
