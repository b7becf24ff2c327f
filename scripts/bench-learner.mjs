/**
 * What the HTTP benchmarks share: waiting for the app's health check, a same-origin JSON POST,
 * and a learner with courses made the way the Generate page makes them (outline, then course)
 * through the fake model.
 */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resolves once GET /api/health answers 200 (two minutes at most). */
export async function waitForHealth(base) {
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error("the app did not start");
}

/** A JSON POST from the app's own origin; anything but 2xx throws with the answer. */
export async function postJson(base, url, body, cookie) {
  const res = await fetch(base + url, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** The session cookie a sign-up or sign-in answer sets. */
export const sessionCookieOf = (res) => res.headers.get("set-cookie").match(/((?:__Secure-)?aula\.session=[^;]*)/)[1];

/**
 * A new learner with `count` courses, in English (`topics` is the form's topicsLimit: 4 for 5
 * topics, 8 for 10; `afterSignUp(email)` runs before the first, e.g. to change the plan):
 * `{ cookie, courseIds }`.
 */
export async function learnerWithCourses(base, count, prefix = "bench", topics = 4, afterSignUp = undefined) {
  const email = `${prefix}-${Date.now()}@bench.test`;
  const signup = await postJson(base, "/api/signup", { email, mName: "Bench", password: "bench-password-1" });
  const cookie = sessionCookieOf(signup);
  await afterSignUp?.(email);
  const courseIds = [];
  for (let i = 0; i < count; i++) {
    const request = {
      topic: `Bench Topic ${i + 1}`,
      subtopics: [],
      topicsLimit: String(topics),
      courseType: "Text & Image Course",
      language: "English",
    };
    const outline = await (await postJson(base, "/api/prompt", request, cookie)).json();
    const course = await (
      await postJson(
        base,
        "/api/course",
        {
          mainTopic: request.topic,
          type: request.courseType,
          lang: request.language,
          content: outline.generatedText,
          outlineId: outline.outlineId,
        },
        cookie,
      )
    ).json();
    courseIds.push(course.courseId);
  }
  return { cookie, courseIds };
}
