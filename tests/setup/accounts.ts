/**
 * Accounts for integration tests, made the way a visitor makes one: through POST /api/signup,
 * so the password hash, the session row and its cookie are the app's own.
 */
import { eq } from "drizzle-orm";
import { POST as signup } from "@/app/api/signup/route";
import { getDb } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { callRoute, sessionCookieFrom } from "./http";

export type SignUpOptions = {
  /** Defaults to a fresh `user<n>@example.io`. */
  email?: string;
  name?: string;
  password?: string;
  /**
   * A NEXT_LOCALE cookie sent with the sign-up (the welcome mail's language; none by default, as a
   * first visit), and the one `cookie` carries (default en).
   */
  locale?: "en" | "pt";
  /** Extra request headers, e.g. the browser's User-Agent the session records. */
  headers?: Record<string, string>;
  /** Set after sign-up: there is no way to become admin or paid through the sign-up itself. */
  role?: "user" | "admin" | "super";
  plan?: "free" | "monthly" | "yearly";
};

export type TestAccount = {
  id: string;
  /** The same id, under the name the sign-up route answers it with. */
  userId: string;
  email: string;
  name: string;
  password: string;
  /** The session cookie and the locale cookie, ready for `callRoute({ cookie })`. */
  cookie: string;
  /** The session cookie alone (`name=value`). */
  sessionCookie: string;
  /** The sign-up answer's whole Set-Cookie header. */
  setCookie: string;
};

let accounts = 0;

/**
 * Each sign-up comes from its own client address (the route's rate limit counts per address),
 * taken from 100.64.0.0/10, a range no test uses for its own requests.
 */
function nextPeer(): string {
  accounts += 1;
  return `100.64.${Math.floor(accounts / 250)}.${(accounts % 250) + 1}`;
}

/** A visitor who has just signed up: the account and its signed-in session. */
export async function signedUpUser(options: SignUpOptions = {}): Promise<TestAccount> {
  const peer = nextPeer();
  const email = options.email ?? `user${accounts}@example.io`;
  const name = options.name ?? `User ${accounts}`;
  const password = options.password ?? "long-enough-1";
  const locale = options.locale ?? "en";
  const res = await callRoute(signup, {
    body: { email, mName: name, password },
    peer,
    headers: options.headers,
    cookie: options.locale && `NEXT_LOCALE=${options.locale}`,
  });
  if (res.status !== 201) throw new Error(`sign-up of ${email} answered ${res.status}: ${res.text}`);
  const id = res.json.userId as string;
  const { role = "user", plan = "free" } = options;
  if (role !== "user" || plan !== "free")
    await (await getDb()).update(users).set({ role, plan }).where(eq(users.id, id));
  const sessionCookie = sessionCookieFrom(res.headers);
  return {
    id,
    userId: id,
    email,
    name,
    password,
    cookie: `${sessionCookie}; NEXT_LOCALE=${locale}`,
    sessionCookie,
    setCookie: res.headers.get("set-cookie") ?? "",
  };
}

/**
 * A learner on a paid plan. Only a payment makes one in the app (tests/integration/payments-*
 * cover that path); tests of what a paid plan allows start from the plan itself.
 */
export function paidUser(options: Omit<SignUpOptions, "plan"> & { plan?: "monthly" | "yearly" } = {}) {
  return signedUpUser({ ...options, plan: options.plan ?? "monthly" });
}
