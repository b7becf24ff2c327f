/**
 * The admin API in-process: real route handlers on a real database. Every route refuses a
 * signed-out caller (401) and a user (403); the figures match rows the test wrote; lists search
 * and paginate in SQL; every admin action leaves an audit row; nothing leaks a hash.
 */
import { workAsyncStorage } from "next/dist/server/app-render/work-async-storage.external";
import { eq } from "drizzle-orm";
import { POST as addadmin } from "@/app/api/addadmin/route";
import { GET as auditList } from "@/app/api/admin/audit/route";
import { GET as adminBlogs } from "@/app/api/admin/blogs/route";
import { POST as contactHandled } from "@/app/api/admin/contact-handled/route";
import { POST as editblog } from "@/app/api/admin/editblog/route";
import { POST as createblog } from "@/app/api/createblog/route";
import { GET as contentImageRoute } from "@/app/api/content-images/[id]/route";
import { POST as dashboard } from "@/app/api/dashboard/route";
import { POST as deleteblogs } from "@/app/api/deleteblogs/route";
import { GET as getadmins } from "@/app/api/getadmins/route";
import { GET as getcontact } from "@/app/api/getcontact/route";
import { GET as getcourses } from "@/app/api/getcourses/route";
import { GET as getpaid } from "@/app/api/getpaid/route";
import { GET as getusers } from "@/app/api/getusers/route";
import { POST as removeadmin } from "@/app/api/removeadmin/route";
import { POST as saveadmin } from "@/app/api/saveadmin/route";
import { POST as updateblogs } from "@/app/api/updateblogs/route";
import { auditMessageKey, refusedCode } from "@/features/admin/page-params";
import { getDb } from "@/server/db/client";
import { ERROR_CODES } from "@/server/http/error-codes";
import {
  adminAudit,
  blogPosts,
  contactMessages,
  contentImages,
  payments,
  policies,
  subscriptions,
  users,
} from "@/server/db/schema";
import { callRoute } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";
import en from "../../messages/en.json";
import pt from "../../messages/pt.json";
import { seedCourse } from "../setup/seed-course";
import { signedUpUser } from "../setup/accounts";

useTestDatabase();

type Handler = Parameters<typeof callRoute>[0];

/**
 * Route handlers run inside Next's work store, where `revalidateTag` records the tags it expires.
 * The same store here lets a test see which public pages a write expired.
 */
async function inWorkStore<T>(work: () => Promise<T>): Promise<{ result: T; expired: string[] }> {
  const store = {
    route: "/api/test",
    page: "/api/test",
    incrementalCache: {},
    pendingRevalidatedTags: [] as { tag: string }[],
  };
  const result = await workAsyncStorage.run(store as never, work);
  return { result, expired: store.pendingRevalidatedTags.map((t) => t.tag) };
}

async function call(handler: Handler, options: Parameters<typeof callRoute>[1] = {}) {
  return (await inWorkStore(() => callRoute(handler, options))).result;
}

let counter = 0;
async function account(
  name: string,
  role: "user" | "admin" | "super" = "user",
  plan: "free" | "monthly" | "yearly" = "free",
) {
  counter += 1;
  return signedUpUser({ name, role, plan, email: `${name.toLowerCase().replace(/\s+/g, ".")}.${counter}@example.io` });
}

/** A course of one lesson not yet opened (progress 0). */
const course = (userId: string, mainTopic: string, type: "text_image" | "video_text" = "text_image") =>
  seedCourse(userId, { mainTopic, type, topics: [{ title: "Basics", lessons: [{ title: "First lesson" }] }] });

const PNG_1x1 =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

let admin: Awaited<ReturnType<typeof account>>;
let superAdmin: Awaited<ReturnType<typeof account>>;
let learner: Awaited<ReturnType<typeof account>>;
let paidLearner: Awaited<ReturnType<typeof account>>;

beforeAll(async () => {
  superAdmin = await account("Owner", "super");
  admin = await account("Ada Admin", "admin");
  learner = await account("Lena Learner");
  paidLearner = await account("Paula Paid", "user", "monthly");
});

const READS: [string, Handler, "GET" | "POST"][] = [
  ["dashboard", dashboard, "POST"],
  ["getusers", getusers, "GET"],
  ["getcourses", getcourses, "GET"],
  ["getpaid", getpaid, "GET"],
  ["getcontact", getcontact, "GET"],
  ["getadmins", getadmins, "GET"],
  ["admin/audit", auditList, "GET"],
  ["admin/blogs", adminBlogs, "GET"],
];

const WRITES: [string, Handler, unknown][] = [
  ["addadmin", addadmin, { email: "nobody@example.io" }],
  ["removeadmin", removeadmin, { email: "nobody@example.io" }],
  ["saveadmin", saveadmin, { data: "<p>x</p>", type: "terms" }],
  ["createblog", createblog, { title: "T", excerpt: "E", content: "<p>C</p>", category: "ai" }],
  [
    "admin/editblog",
    editblog,
    { id: "00000000-0000-0000-0000-000000000000", title: "T", excerpt: "E", content: "<p>C</p>", category: "ai" },
  ],
  ["deleteblogs", deleteblogs, { id: "00000000-0000-0000-0000-000000000000" }],
  ["updateblogs", updateblogs, { id: "00000000-0000-0000-0000-000000000000", type: "popular", value: "true" }],
  ["admin/contact-handled", contactHandled, { id: "00000000-0000-0000-0000-000000000000" }],
];

describe("who may call the admin routes", () => {
  it.each(READS)("%s: signed out 401, user 403, paid user 403, admin and super 200", async (_name, handler, method) => {
    const options = { method, url: "http://localhost:3000/api/x" };
    expect((await call(handler, options)).status).toBe(401);
    const asUser = await call(handler, { ...options, cookie: learner.cookie });
    expect(asUser.status).toBe(403);
    expect(asUser.json).toMatchObject({ success: false, code: "auth:forbidden" });
    // The admin's e-mail is never told to a non-admin.
    expect(asUser.text).not.toContain(admin.email);
    expect((await call(handler, { ...options, cookie: paidLearner.cookie })).status).toBe(403);
    const asAdmin = await call(handler, { ...options, cookie: admin.cookie });
    expect(asAdmin.status).toBe(200);
    // No hash, token or secret in any list: only named columns are read.
    expect(asAdmin.text).not.toMatch(/password|argon2|token|secret/i);
    expect((await call(handler, { ...options, cookie: superAdmin.cookie })).status).toBe(200);
  });

  it.each(WRITES)(
    "%s: signed out 401 and user 403, nothing is changed, and the user's attempt is in the audit log",
    async (_name, handler, body) => {
      const db = await getDb();
      const before = (await db.select({ id: adminAudit.id }).from(adminAudit)).map((r) => r.id);
      expect((await call(handler, { body })).status).toBe(401);
      expect((await call(handler, { body, cookie: learner.cookie })).status).toBe(403);
      expect((await call(handler, { body, cookie: paidLearner.cookie })).status).toBe(403);
      const added = (await db.select().from(adminAudit)).filter((row) => !before.includes(row.id));
      expect(
        added.map(({ actorId, actorEmail, action, target, details }) => ({
          actorId,
          actorEmail,
          action,
          target,
          details,
        })),
      ).toEqual(
        [learner, paidLearner].map((who) => ({
          actorId: who.id,
          actorEmail: who.email,
          action: "admin.route",
          target: "POST /api/test",
          details: { refused: "auth:forbidden" },
        })),
      );
    },
  );

  it("a user who keeps trying admin routes adds at most 20 rows an hour to the audit log", async () => {
    const db = await getDb();
    const prober = await account("Paul Prober");
    for (let i = 0; i < 25; i++) expect((await call(getusers, { cookie: prober.cookie })).status).toBe(403);
    const rows = await db.select().from(adminAudit).where(eq(adminAudit.actorId, prober.id));
    expect(rows).toHaveLength(20);
    expect(rows[0]).toMatchObject({
      action: "admin.route",
      target: "GET /api/test",
      details: { refused: "auth:forbidden" },
    });
  });
});

describe("dashboard figures", () => {
  it("counts users, paid users, courses by type and revenue from the rows, per currency", async () => {
    const db = await getDb();
    const base = (await call(dashboard, { method: "POST", cookie: admin.cookie })).json;

    const buyer = await account("Bruno Buyer", "user", "yearly");
    const lapsed = await account("Lapsed Lee", "user", "monthly");
    await db
      .update(users)
      .set({ planExpiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(users.id, lapsed.id));
    await course(buyer.id, "Rust", "video_text");
    await course(buyer.id, "Go");
    await course(learner.id, "Piano", "video_text");

    const day = 86_400_000;
    await db.insert(subscriptions).values([
      // 4700 a month + 9600 a year (800 a month) = 5500 USD of recurring revenue.
      {
        userId: paidLearner.id,
        plan: "monthly",
        provider: "stripe",
        status: "active",
        currentPeriodEnd: new Date(Date.now() + 20 * day),
        amountMinor: 4700,
        currency: "USD",
      },
      {
        userId: buyer.id,
        plan: "yearly",
        provider: "paypal",
        status: "active",
        currentPeriodEnd: new Date(Date.now() + 300 * day),
        amountMinor: 9600,
        currency: "USD",
      },
      {
        userId: buyer.id,
        plan: "monthly",
        provider: "paystack",
        status: "active",
        currentPeriodEnd: null,
        amountMinor: 5000,
        currency: "BRL",
      },
      // Not counted: admin grants (even one that carries an amount), an expired period, a canceled subscription.
      {
        userId: admin.id,
        plan: "yearly",
        provider: "admin",
        status: "active",
        currentPeriodEnd: null,
        amountMinor: null,
        currency: null,
      },
      {
        userId: superAdmin.id,
        plan: "monthly",
        provider: "admin",
        status: "active",
        currentPeriodEnd: null,
        amountMinor: 120_000,
        currency: "USD",
      },
      {
        userId: lapsed.id,
        plan: "monthly",
        provider: "stripe",
        status: "active",
        currentPeriodEnd: new Date(Date.now() - day),
        amountMinor: 4700,
        currency: "USD",
      },
      {
        userId: lapsed.id,
        plan: "monthly",
        provider: "stripe",
        status: "canceled",
        currentPeriodEnd: new Date(Date.now() + day),
        amountMinor: 4700,
        currency: "USD",
      },
    ]);
    await db.insert(payments).values([
      {
        userId: paidLearner.id,
        plan: "monthly",
        provider: "stripe",
        amountMinor: 4700,
        currency: "USD",
        status: "succeeded",
      },
      {
        userId: buyer.id,
        plan: "yearly",
        provider: "paypal",
        amountMinor: 9600,
        currency: "USD",
        status: "refunded",
        refundedMinor: 9600,
      },
      {
        userId: lapsed.id,
        plan: "monthly",
        provider: "stripe",
        amountMinor: 4700,
        currency: "USD",
        status: "refunded",
        refundedMinor: 1000,
      },
      {
        userId: buyer.id,
        plan: "monthly",
        provider: "paystack",
        amountMinor: 5000,
        currency: "BRL",
        status: "succeeded",
      },
      // Not counted: pending and failed payments.
      { userId: buyer.id, plan: "monthly", provider: "stripe", amountMinor: 999, currency: "USD", status: "pending" },
      { userId: buyer.id, plan: "monthly", provider: "stripe", amountMinor: 888, currency: "USD", status: "failed" },
    ]);

    const res = await call(dashboard, { method: "POST", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.json.users).toBe(base.users + 2);
    expect(res.json.paid).toBe(base.paid + 1); // the lapsed monthly plan counts as Free
    expect(res.json.free).toBe(res.json.users - res.json.paid);
    expect(res.json.courses).toBe(base.courses + 3);
    expect(res.json.videoType).toBe(base.videoType + 2);
    expect(res.json.sum).toEqual({ BRL: 50, USD: 55 });
    expect(res.json.total).toEqual({ BRL: 50, USD: 47 + 0 + 37 });
    expect(res.json.admin.email).toBe(admin.email);
    expect(res.text).not.toMatch(/password|argon2/i);
  });
});

describe("lists: search in SQL, paginated, no secrets", () => {
  it("users: by name or e-mail (trimmed, any case), by Free/Paid, a page at a time", async () => {
    const db = await getDb();
    const found = await call(getusers, { url: "http://localhost/api/getusers?q=%20%20LENA%20", cookie: admin.cookie });
    expect(found.json.map((u: { email: string }) => u.email)).toEqual([learner.email]);
    expect(found.json[0]).toMatchObject({ _id: learner.id, mName: "Lena Learner", type: "free", role: "user" });
    expect(found.headers.get("x-total-count")).toBe("1");

    const paid = await call(getusers, { url: "http://localhost/api/getusers?q=Paid&limit=100", cookie: admin.cookie });
    const paidEmails = paid.json.map((u: { email: string }) => u.email);
    expect(paidEmails).toContain(paidLearner.email);
    expect(paidEmails).not.toContain(learner.email);
    const free = await call(getusers, { url: "http://localhost/api/getusers?q=free&limit=100", cookie: admin.cookie });
    expect(free.json.map((u: { email: string }) => u.email)).toContain(learner.email);
    expect(free.json.every((u: { type: string }) => u.type === "free")).toBe(true);

    // A % or _ is searched for as itself, not as a wildcard.
    expect((await call(getusers, { url: "http://localhost/api/getusers?q=%25", cookie: admin.cookie })).json).toEqual(
      [],
    );

    const all = await db.select({ id: users.id }).from(users);
    const page1 = await call(getusers, { url: "http://localhost/api/getusers?page=1&limit=2", cookie: admin.cookie });
    const page2 = await call(getusers, { url: "http://localhost/api/getusers?page=2&limit=2", cookie: admin.cookie });
    expect(page1.json).toHaveLength(2);
    expect(page2.json).toHaveLength(2);
    expect(page1.headers.get("x-total-count")).toBe(String(all.length));
    const ids = [...(page1.json as unknown as { _id: string }[]), ...(page2.json as unknown as { _id: string }[])].map(
      (u) => u._id,
    );
    expect(new Set(ids).size).toBe(4);
    for (const res of [found, paid, free, page1, page2]) expect(res.text).not.toMatch(/password|argon2|hash|token/i);

    expect(
      (await call(getusers, { url: "http://localhost/api/getusers?limit=100000", cookie: admin.cookie })).status,
    ).toBe(400);
  });

  it("courses: by topic and by owner, with owner, type label and progress", async () => {
    const owner = await account("Cora Curious");
    await course(owner.id, "Quantum Knitting", "video_text");
    const byTopic = await call(getcourses, { url: "http://localhost/api/getcourses?q=quantum", cookie: admin.cookie });
    expect(byTopic.json).toHaveLength(1);
    expect(byTopic.json[0]).toMatchObject({
      mainTopic: "Quantum Knitting",
      type: "Video & Text Course",
      owner: { mName: "Cora Curious", email: owner.email },
      progress: 0,
    });
    const byOwner = await call(getcourses, { url: "http://localhost/api/getcourses?q=cora", cookie: admin.cookie });
    expect(byOwner.json.map((c: { mainTopic: string }) => c.mainTopic)).toEqual(["Quantum Knitting"]);
    expect(
      (await call(getcourses, { url: "http://localhost/api/getcourses?q=zzz-nothing", cookie: admin.cookie })).json,
    ).toEqual([]);
    // The users list counts each user's own courses.
    const users = await call(getusers, { url: "http://localhost/api/getusers?q=cora", cookie: admin.cookie });
    expect(users.json).toEqual([expect.objectContaining({ email: owner.email, courses: 1 })]);
  });

  it("courses: pages taken one after another list every course once, newest first, each with its own progress", async () => {
    // The list selects the page's ids first and builds each row's progress after (issue 25):
    // the pages must still cover the whole list in the one order, each row its own numbers.
    const owner = await account("Paula Pages");
    for (const topic of ["Page One", "Page Two", "Page Four", "Page Five"]) await course(owner.id, topic);
    // One course with one of its two lessons done: 1 / (2 + 1) = 33 %.
    await seedCourse(owner.id, {
      mainTopic: "Page Three",
      topics: [{ title: "Basics", lessons: [{ title: "Done", done: true }, { title: "Not yet" }] }],
    });
    const all = await call(getcourses, {
      url: "http://localhost/api/getcourses?q=paula&limit=50",
      cookie: admin.cookie,
    });
    expect(all.json).toHaveLength(5);
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await call(getcourses, {
        url: `http://localhost/api/getcourses?q=paula&limit=2&page=${page}`,
        cookie: admin.cookie,
      });
      expect(res.headers.get("x-total-count")).toBe("5");
      pages.push(...(res.json as { _id: string }[]));
    }
    expect(pages.map((c) => c._id)).toEqual(all.json.map((c: { _id: string }) => c._id));
    const progress = Object.fromEntries(
      (pages as unknown as { mainTopic: string; progress: number }[]).map((c) => [c.mainTopic, c.progress]),
    );
    expect(progress).toEqual({ "Page One": 0, "Page Two": 0, "Page Three": 33, "Page Four": 0, "Page Five": 0 });
  });

  it("contacts and blogs are searched by their fields", async () => {
    const db = await getDb();
    await db
      .insert(contactMessages)
      .values({ name: "Carla", subject: "billing", email: "carla@example.io", message: "Invoice please" });
    const contacts = await call(getcontact, { url: "http://localhost/api/getcontact?q=INVOICE", cookie: admin.cookie });
    expect(contacts.json).toEqual([
      expect.objectContaining({
        fname: "Carla",
        lname: "billing",
        email: "carla@example.io",
        msg: "Invoice please",
        handledAt: null,
      }),
    ]);

    await db.insert(blogPosts).values([
      { title: "Learning with robots", excerpt: "Machines", content: "<p>x</p>", category: "ai" },
      { title: "Colour theory", excerpt: "Palettes for humans", content: "<p>x</p>", category: "design" },
    ]);
    const search = (q: string) =>
      call(adminBlogs, { url: `http://localhost/api/admin/blogs?q=${q}`, cookie: admin.cookie });
    expect((await search("robots")).json.map((b: { title: string }) => b.title)).toEqual(["Learning with robots"]);
    expect((await search("PALETTES")).json.map((b: { title: string }) => b.title)).toEqual(["Colour theory"]);
    expect((await search("design")).json.map((b: { title: string }) => b.title)).toEqual(["Colour theory"]);
  });
});

describe("admins", () => {
  it("promotes a user to admin with an admin grant (yearly, no end, no payment), listed as such; removing ends it", async () => {
    const db = await getDb();
    const candidate = await account("Pat Promoted");
    const res = await call(addadmin, { body: { email: `  ${candidate.email.toUpperCase()} ` }, cookie: admin.cookie });
    expect(res.status).toBe(200);

    const [row] = await db.select().from(users).where(eq(users.id, candidate.id));
    expect(row).toMatchObject({ role: "admin", plan: "yearly", planExpiresAt: null });
    const grants = await db.select().from(subscriptions).where(eq(subscriptions.userId, candidate.id));
    expect(grants).toEqual([
      expect.objectContaining({
        provider: "admin",
        status: "active",
        plan: "yearly",
        currentPeriodEnd: null,
        amountMinor: null,
      }),
    ]);
    expect(await db.select().from(payments).where(eq(payments.userId, candidate.id))).toEqual([]);

    const paid = await call(getpaid, {
      url: `http://localhost/api/getpaid?q=${encodeURIComponent(candidate.email)}`,
      cookie: admin.cookie,
    });
    expect(paid.json).toEqual([
      expect.objectContaining({
        email: candidate.email,
        type: "yearly",
        provider: "admin",
        grantedByAdmin: true,
        periodEnd: null,
      }),
    ]);

    const admins = await call(getadmins, { url: "http://localhost/api/getadmins?limit=100", cookie: admin.cookie });
    expect(admins.json.admins).toEqual(
      expect.arrayContaining([
        { _id: candidate.id, mName: "Pat Promoted", email: candidate.email, type: "no" },
        { _id: superAdmin.id, mName: "Owner", email: superAdmin.email, type: "super" },
      ]),
    );
    expect(admins.json.users.map((u: { email: string }) => u.email)).not.toContain(candidate.email);

    // The new admin is one at once: their session reads the role from the database.
    expect((await call(getusers, { cookie: candidate.cookie })).status).toBe(200);
    expect((await call(addadmin, { body: { email: candidate.email }, cookie: admin.cookie })).json).toMatchObject({
      code: "admin:already-admin",
    });

    expect((await call(removeadmin, { body: { email: candidate.email }, cookie: admin.cookie })).status).toBe(200);
    const [after] = await db.select().from(users).where(eq(users.id, candidate.id));
    expect(after).toMatchObject({ role: "user", plan: "free", planExpiresAt: null });
    const [grant] = await db.select().from(subscriptions).where(eq(subscriptions.userId, candidate.id));
    expect(grant.status).toBe("canceled");
    expect((await call(getusers, { cookie: candidate.cookie })).status).toBe(403);

    const actions = await db.select().from(adminAudit).where(eq(adminAudit.target, candidate.email));
    expect(
      actions.map((a) => [a.action, a.actorEmail, (a.details as { refused?: string } | null)?.refused ?? null]).sort(),
    ).toEqual([
      ["admin.promote", admin.email, null],
      ["admin.promote", admin.email, "admin:already-admin"],
      ["admin.remove", admin.email, null],
    ]);
  });

  it("removing an admin who also pays keeps the plan they pay for", async () => {
    const db = await getDb();
    const payer = await account("Paying Admin");
    const periodEnd = new Date(Date.now() + 10 * 86_400_000);
    await db.insert(subscriptions).values({
      userId: payer.id,
      plan: "monthly",
      provider: "stripe",
      status: "active",
      currentPeriodEnd: periodEnd,
      amountMinor: 4700,
      currency: "USD",
    });
    await call(addadmin, { body: { email: payer.email }, cookie: admin.cookie });
    await call(removeadmin, { body: { email: payer.email }, cookie: admin.cookie });
    const [row] = await db.select().from(users).where(eq(users.id, payer.id));
    expect(row.plan).toBe("monthly");
    expect(row.planExpiresAt?.getTime()).toBe(periodEnd.getTime());
  });

  it("the Super admin cannot be removed, by an admin or by themselves", async () => {
    for (const actor of [admin, superAdmin]) {
      const res = await call(removeadmin, { body: { email: superAdmin.email }, cookie: actor.cookie });
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ success: false, code: "admin:super-protected" });
    }
    const [row] = await (await getDb()).select().from(users).where(eq(users.id, superAdmin.id));
    expect(row.role).toBe("super");
  });

  it("refuses unknown e-mails and non-admins", async () => {
    expect((await call(addadmin, { body: { email: "ghost@example.io" }, cookie: admin.cookie })).json).toMatchObject({
      code: "admin:user-not-found",
    });
    expect((await call(removeadmin, { body: { email: learner.email }, cookie: admin.cookie })).json).toMatchObject({
      code: "admin:not-admin",
    });
  });

  it("a refused action is in the audit log too: who tried what, and why it was refused", async () => {
    const db = await getDb();
    const other = await account("Otto Other", "admin");
    expect((await call(removeadmin, { body: { email: superAdmin.email }, cookie: other.cookie })).status).toBe(403);
    expect(
      (await call(addadmin, { body: { email: ` ${admin.email.toUpperCase()} ` }, cookie: other.cookie })).status,
    ).toBe(409);
    expect((await call(addadmin, { body: { email: "nobody-at-all@example.io" }, cookie: other.cookie })).status).toBe(
      404,
    );
    const rows = await db.select().from(adminAudit).where(eq(adminAudit.actorId, other.id));
    expect(
      rows
        .map(({ actorEmail, action, target, details }) => ({ actorEmail, action, target, details }))
        .sort((a, b) => a.target.localeCompare(b.target)),
    ).toEqual(
      [
        {
          actorEmail: other.email,
          action: "admin.promote",
          target: admin.email,
          details: { refused: "admin:already-admin" },
        },
        {
          actorEmail: other.email,
          action: "admin.promote",
          target: "nobody-at-all@example.io",
          details: { refused: "admin:user-not-found" },
        },
        {
          actorEmail: other.email,
          action: "admin.remove",
          target: superAdmin.email,
          details: { refused: "admin:super-protected" },
        },
      ].sort((a, b) => a.target.localeCompare(b.target)),
    );
    // Nothing else changed: the Super admin is still super, the admin still an admin.
    const roles = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, superAdmin.id));
    expect(roles).toEqual([{ id: superAdmin.id, role: "super" }]);
    // The Activity list carries the reason with the row.
    const log = await call(auditList, {
      url: `http://localhost/api/admin/audit?q=${encodeURIComponent(superAdmin.email)}`,
      cookie: admin.cookie,
    });
    expect(log.json).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actor: other.email,
          action: "admin.remove",
          details: { refused: "admin:super-protected" },
        }),
      ]),
    );
  });

  it("each reason a refused admin action can have is told on the Activity page in both languages", () => {
    const codes = [
      "auth:forbidden",
      ...Object.keys(ERROR_CODES).filter((code) => /^(admin|html):/.test(code)),
      "request:invalid",
    ];
    for (const catalog of [en, pt]) {
      const refusals = catalog.admin.refusals as Record<string, string>;
      for (const code of codes)
        expect({ code, label: refusals[auditMessageKey(code)] }).toEqual({ code, label: expect.stringMatching(/\S/) });
      expect(catalog.admin.refusedBecause).toContain("{reason}");
      expect(catalog.admin.actions.adminRoute).toMatch(/\S/);
    }
    expect(refusedCode({ refused: "admin:super-protected" })).toBe("admin:super-protected");
    expect(refusedCode({ flag: "popular", value: true })).toBeNull();
    expect(refusedCode(null)).toBeNull();
  });
});

describe("policies", () => {
  it("saves one policy per language, sanitized, audited, and expires the public pages' cache", async () => {
    const db = await getDb();
    const { result, expired } = await inWorkStore(() =>
      callRoute(saveadmin, {
        body: {
          type: "refund",
          locale: "pt",
          data: '<h2>Reembolso</h2><p onclick="x()">Sem reembolso.</p><script>alert(1)</script>',
        },
        cookie: admin.cookie,
      }),
    );
    expect(result.status).toBe(200);
    expect(expired).toContain("public:policies");
    await call(saveadmin, { body: { type: "refund", data: "<p>No refunds.</p>" }, cookie: admin.cookie }); // the admin's UI language: en
    const rows = await db.select().from(policies).where(eq(policies.kind, "refund"));
    expect(Object.fromEntries(rows.map((r) => [r.locale, r.html]))).toEqual({
      pt: "<h2>Reembolso</h2><p>Sem reembolso.</p>",
      en: "<p>No refunds.</p>",
    });

    const dash = await call(dashboard, { method: "POST", cookie: admin.cookie });
    expect(dash.json.admin.refund).toBe("<p>No refunds.</p>");

    const audit = await db.select().from(adminAudit).where(eq(adminAudit.action, "policy.save"));
    expect(audit.map((a) => a.target).sort()).toEqual(["refund (en)", "refund (pt)"]);
    expect((await call(saveadmin, { body: { type: "cookies", data: "<p>x</p>" }, cookie: admin.cookie })).status).toBe(
      400,
    );
  });
});

describe("pictures pasted into policies and posts", () => {
  it("are checked by their bytes, stored once, and served to anyone at the address the stored HTML names", async () => {
    const db = await getDb();
    const html = `<p>Logo <img src="${PNG_1x1}" alt="logo"> again <img src="${PNG_1x1}"></p>`;
    expect(
      (await call(saveadmin, { body: { type: "privacy", locale: "en", data: html }, cookie: admin.cookie })).status,
    ).toBe(200);
    const [policy] = await db.select().from(policies).where(eq(policies.kind, "privacy"));
    const ids = [...policy.html.matchAll(/\/api\/content-images\/([0-9a-f-]{36})/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
    expect(policy.html).not.toContain("data:");
    const stored = await db.select().from(contentImages);
    expect(stored.map((i) => i.id)).toEqual([ids[0]]);

    // The same picture in a post is the same stored row.
    const post = await call(createblog, {
      body: { title: "Pictured", excerpt: "E", content: `<p><img src="${PNG_1x1}"></p>`, category: "ai" },
      cookie: admin.cookie,
    });
    expect(post.status).toBe(201);
    expect(await db.select().from(contentImages)).toHaveLength(1);

    const served = await callRoute(contentImageRoute as never, { params: { id: ids[0] } }); // no session: public
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(
      (await callRoute(contentImageRoute as never, { params: { id: "00000000-0000-0000-0000-000000000000" } })).status,
    ).toBe(404);
    expect((await callRoute(contentImageRoute as never, { params: { id: "not-an-id" } })).status).toBe(404);

    const fake = `data:image/png;base64,${Buffer.from("<script>alert(1)</script>").toString("base64")}`;
    const refused = await call(saveadmin, {
      body: { type: "privacy", locale: "en", data: `<p><img src="${fake}"></p>` },
      cookie: admin.cookie,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe("html:image-invalid");
  });
});

describe("blog posts", () => {
  it("creates a post with a cover (checked by its bytes), flags, edits and deletes it, each audited and expiring the blog", async () => {
    const db = await getDb();
    const created = await inWorkStore(() =>
      callRoute(createblog, {
        body: {
          title: " Cover story ",
          excerpt: "Short",
          content: '<p>Body<img src="x" onerror="alert(1)"></p>',
          category: "education",
          tags: " a, ,b ",
          image: PNG_1x1,
        },
        cookie: admin.cookie,
      }),
    );
    expect(created.result.status).toBe(201);
    const id = created.result.json.id as string;
    expect(created.expired).toEqual(expect.arrayContaining(["public:blog", `public:blog:${id}`]));
    const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
    expect(post).toMatchObject({
      title: "Cover story",
      content: "<p>Body</p>",
      tags: "a, b",
      locale: "en",
      imageContentType: "image/png",
      featured: false,
    });
    expect(post.image?.length).toBeGreaterThan(50);

    const flagged = await call(updateblogs, { body: { id, type: "featured", value: "true" }, cookie: admin.cookie });
    expect(flagged.status).toBe(200);
    await call(updateblogs, { body: { id, type: "popular", value: "true" }, cookie: admin.cookie });
    const [after] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
    expect(after).toMatchObject({ featured: true, popular: true });

    const edited = await call(editblog, {
      body: { id, title: "Cover story 2", excerpt: "Short", content: "<p>New</p>", category: "ai", locale: "pt" },
      cookie: admin.cookie,
    });
    expect(edited.status).toBe(200);
    const [afterEdit] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
    expect(afterEdit).toMatchObject({
      title: "Cover story 2",
      content: "<p>New</p>",
      category: "ai",
      locale: "pt",
      imageContentType: "image/png",
    });

    expect((await call(deleteblogs, { body: { id }, cookie: admin.cookie })).status).toBe(200);
    expect(await db.select().from(blogPosts).where(eq(blogPosts.id, id))).toEqual([]);
    expect((await call(deleteblogs, { body: { id }, cookie: admin.cookie })).json).toMatchObject({
      code: "admin:blog-not-found",
    });

    const audit = await db.select().from(adminAudit).where(eq(adminAudit.actorId, admin.id));
    const ofPost = audit.filter((a) => (a.details as { id?: string } | null)?.id === id);
    const refused = (a: (typeof audit)[number]) => Boolean((a.details as { refused?: string }).refused);
    expect(
      ofPost
        .filter((a) => !refused(a))
        .map((a) => a.action)
        .sort(),
    ).toEqual(["blog.create", "blog.delete", "blog.edit", "blog.flag", "blog.flag"]);
    // The second delete was refused, and says so.
    expect(ofPost.filter(refused).map(({ action, target, details }) => ({ action, target, details }))).toEqual([
      { action: "blog.delete", target: id, details: { id, refused: "admin:blog-not-found" } },
    ]);
  });

  it("refuses a cover that is not an image by its bytes, or larger than 5 MB", async () => {
    const notImage = `data:image/png;base64,${Buffer.from("<svg onload=alert(1)>").toString("base64")}`;
    const res = await call(createblog, {
      body: { title: "T", excerpt: "E", content: "<p>C</p>", category: "ai", image: notImage },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(400);
    const big = Buffer.alloc(5 * 1024 * 1024 + 10);
    Buffer.from(PNG_1x1.split(",")[1], "base64").copy(big);
    const tooBig = await call(createblog, {
      body: {
        title: "T",
        excerpt: "E",
        content: "<p>C</p>",
        category: "ai",
        image: `data:image/png;base64,${big.toString("base64")}`,
      },
      cookie: admin.cookie,
    });
    expect(tooBig.status).toBe(413);
    expect(
      (
        await call(createblog, {
          body: { title: "T", excerpt: "E", content: "<script>x</script>", category: "ai" },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(400);
  });
});

describe("contacts and the activity log", () => {
  it("marks a contact handled (audited) and lists the audit log with search", async () => {
    const db = await getDb();
    const [contact] = await db
      .insert(contactMessages)
      .values({ name: "Hugo", subject: "support", email: "hugo@example.io", message: "Help" })
      .returning();
    expect((await call(contactHandled, { body: { id: contact.id }, cookie: admin.cookie })).status).toBe(200);
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, contact.id));
    expect(row.handledAt).toBeInstanceOf(Date);

    const log = await call(auditList, { url: "http://localhost/api/admin/audit?q=HUGO@example", cookie: admin.cookie });
    expect(log.json).toEqual([
      expect.objectContaining({ actor: admin.email, action: "contact.handled", target: "hugo@example.io" }),
    ]);
    const none = await call(auditList, {
      url: "http://localhost/api/admin/audit?q=nothing-like-this",
      cookie: admin.cookie,
    });
    expect(none.json).toEqual([]);
  });
});
