/**
 * Formulas and code through the real routes, the database and the fake model over HTTP: a lesson
 * the model writes with formulas and code is stored with KaTeX's HTML and MathML and highlighted
 * code, a chat answer comes with its HTML (streamed and in the history), and the Markdown export
 * gives the TeX back between its delimiters with the code fenced in its language.
 */
import { strFromU8, unzipSync } from "fflate";
import { randomUUID } from "node:crypto";
import { POST as chatHistory } from "@/app/api/chat/history/route";
import { POST as chatStream } from "@/app/api/chat/stream/route";
import { GET as exportRoute } from "@/app/api/courses/[courseId]/export/route";
import { POST as lessonStream } from "@/app/api/lesson/stream/route";
import { POST as aiexam } from "@/app/api/aiexam/route";
import { POST as submit } from "@/app/api/quiz/submit/route";
import { storeQuiz } from "@/features/quiz/queries";
import { readNdjson } from "@/lib/http/ndjson";
import { DOLLAR_AMOUNTS, MATH_CODE_FORMULAS } from "../fakes/math-code";
import { startFakeModel, type FakeModel } from "../fakes/openai-compatible";
import { signedUpUser } from "../setup/accounts";
import { callRoute } from "../setup/http";
import { lessonsOf, seedCourse } from "../setup/seed-course";
import { resetSettings } from "../setup/settings";
import { useTestDatabase } from "../setup/test-db";

process.env.AI_RETRY_BASE_MS = "10";
process.env.AI_TIMEOUT_MS = "5000";
process.env.AI_RATE_LIMIT_PER_MINUTE = "1000";

useTestDatabase();

let model: FakeModel;

beforeAll(async () => {
  model = await startFakeModel({ charsPerToken: 24 });
  resetSettings();
  const { setAiConfigForTests } = await import("@/server/ai/model");
  setAiConfigForTests({
    provider: "openai-compatible",
    model: model.model,
    baseURL: model.baseURL,
    source: "AI_PROVIDER",
  });
});

afterAll(async () => {
  await model.close();
});

async function events(response: Response) {
  const all: Record<string, unknown>[] = [];
  for await (const event of readNdjson<Record<string, unknown>>(response)) all.push(event);
  return all;
}

const post = (route: typeof lessonStream, url: string, cookie: string, body: unknown) =>
  route(
    new Request(`http://localhost:3000${url}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );

/** What every place shows of the fixed lesson: each formula KaTeX's, code highlighted, prices as text. */
function expectFormulasAndCode(html: string) {
  const tex = [...html.matchAll(/<annotation encoding="application\/x-tex">([\s\S]*?)<\/annotation>/g)].map((m) =>
    m[1].replace(/&amp;/g, "&"),
  );
  expect(tex).toEqual([
    MATH_CODE_FORMULAS.inline,
    MATH_CODE_FORMULAS.display,
    "n",
    MATH_CODE_FORMULAS.fraction,
    MATH_CODE_FORMULAS.matrix,
  ]);
  expect(html.match(/<span class="katex-display">/g)).toHaveLength(2);
  expect(html).toContain('<span class="katex-error"');
  expect(html).toContain(DOLLAR_AMOUNTS);
  expect(html).not.toContain("$$");
  expect(html).toContain('<code class="language-javascript"><span class="hljs-keyword">const</span>');
  expect(html).toContain('<code class="language-python"><span class="hljs-keyword">def</span>');
  expect(html).toContain('<code class="language-sql"><span class="hljs-keyword">SELECT</span>');
  expect(html).toContain('<code class="language-brainfudge">++[&gt;+&lt;-]');
}

describe("formulas and code", () => {
  it("a lesson written with them is stored with KaTeX's HTML and MathML and highlighted code; the Markdown export gives the TeX back", async () => {
    const { cookie, userId } = await signedUpUser();
    const marker = `Pythagoras ${randomUUID().slice(0, 8)}`;
    model.script({ behaviour: "math-code", match: marker });
    const course = await seedCourse(userId, {
      mainTopic: marker,
      topics: [{ title: "Triangles", lessons: [{ title: "Right triangles" }] }],
    });
    const [lesson] = await lessonsOf(course.id);
    const streamed = await events(
      await post(lessonStream, "/api/lesson/stream", cookie, { courseId: course.id, lessonId: lesson.id }),
    );
    const done = streamed.at(-1) as { type: string; lesson: { theory: string } };
    expect(done.type).toBe("done");
    expectFormulasAndCode(done.lesson.theory);
    // What the database holds is what the stream ended with.
    expect((await lessonsOf(course.id))[0].theory).toBe(done.lesson.theory);

    const zip = await exportRoute(
      new Request(`http://localhost:3000/api/courses/${course.id}/export?format=md`, {
        headers: { cookie, "x-aula-peer": "203.0.113.9" },
      }),
      { params: Promise.resolve({ courseId: course.id }) },
    );
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const markdown = strFromU8(files[Object.keys(files).find((f) => f.endsWith("Right-triangles.md"))!]);
    expect(markdown).toContain(`$${MATH_CODE_FORMULAS.inline}$`);
    expect(markdown).toContain(`$$${MATH_CODE_FORMULAS.display}$$`);
    expect(markdown).toContain(`$$${MATH_CODE_FORMULAS.matrix}$$`);
    expect(markdown).toContain("It costs \\$5 and \\$10");
    expect(markdown).toContain("```python\ndef area(a, b):");
    expect(markdown).toContain("```sql\nSELECT name FROM students");
    expect(markdown).not.toMatch(/katex|a2\+b2/);
  });

  it("a chat answer comes with its HTML, formulas and code made on the server, streamed and in the history", async () => {
    const { cookie, userId } = await signedUpUser();
    const marker = `Algebra ${randomUUID().slice(0, 8)}`;
    model.script({ behaviour: "math-code", match: marker });
    const course = await seedCourse(userId, {
      mainTopic: marker,
      topics: [{ title: "Basics", lessons: [{ title: "Squares", theory: "<p>Squares.</p>" }] }],
    });
    const [lesson] = await lessonsOf(course.id);
    const streamed = await events(
      await post(chatStream, "/api/chat/stream", cookie, { courseId: course.id, lessonId: lesson.id, message: "Why?" }),
    );
    const done = streamed.at(-1) as { type: string; text: string; html: string };
    expect(done.type).toBe("done");
    expect(done.text).toContain(`$${MATH_CODE_FORMULAS.inline}$`);
    expectFormulasAndCode(done.html);

    const history = await callRoute(chatHistory, { body: { courseId: course.id }, cookie });
    const [question, answer] = history.json.messages as { sender: string; html?: string }[];
    expect(question.html).toBeUndefined();
    expect(answer.html).toBe(done.html);
  });

  it("a quiz's question, options and explanation come with their HTML, formulas by KaTeX", async () => {
    const { cookie, userId } = await signedUpUser();
    const course = await seedCourse(userId, {
      mainTopic: "Geometry",
      topics: [{ title: "Triangles", lessons: [{ title: "Sides", theory: "<p>Sides.</p>" }] }],
    });
    const question = {
      question: `Which holds in a right triangle: $${MATH_CODE_FORMULAS.inline}$?`,
      options: [`$${MATH_CODE_FORMULAS.fraction}$`, "It costs $5 and $10", "`a + b`", "None"],
      answer: "a",
      explanation: `Pythagoras: $${MATH_CODE_FORMULAS.inline}$.`,
    };
    await storeQuiz(course.id, [question]);
    const served = await callRoute(aiexam, { cookie, body: { courseId: course.id } });
    expect(served.status).toBe(200);
    const [shown] = JSON.parse(served.json.message as string) as {
      question: string;
      html: string;
      options: { letter: string; text: string; html: string }[];
    }[];
    expect(shown.question).toBe(question.question);
    expect(shown.html).toMatch(/^Which holds in a right triangle: <span class="katex">.*<\/span>\?$/);
    expect(shown.html).toContain(`<annotation encoding="application/x-tex">${MATH_CODE_FORMULAS.inline}</annotation>`);
    const options = Object.fromEntries(shown.options.map((o) => [o.text, o.html]));
    expect(options[question.options[0]]).toContain("<mfrac>");
    expect(options["It costs $5 and $10"]).toBe("It costs $5 and $10");
    expect(options["`a + b`"]).toBe("<code>a + b</code>");

    const graded = await callRoute(submit, {
      cookie,
      body: { courseId: course.id, answers: ["a"], attemptId: served.json.attemptId },
    });
    expect(graded.status).toBe(200);
    const [result] = graded.json.results as { explanation: string; explanationHtml: string }[];
    expect(result.explanation).toBe(question.explanation);
    expect(result.explanationHtml).toMatch(/^Pythagoras: <span class="katex">.*<math .*<\/span>\.$/);
  });
});
