/**
 * What the logger removes before a line is written: secrets under any key at any depth, and
 * the bound values of failed queries. A failed insert into `users` carries the password hash
 * among its parameters, in the drizzle error's `params`, in its message, and again in the
 * driver error it wraps (PGlite's `params`, postgres.js's `parameters`); the server's
 * `detail` repeats row values too ("Failing row contains (…)", "Key (…)=(…) already exists").
 */

const REDACTED = "[redacted]";

/** Where a value is a secret whatever object holds it (compared lower-case, without `-` and `_`). */
function isSecretKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[-_]/g, "");
  return (
    k.includes("password") ||
    k.includes("passwd") ||
    k.includes("secret") ||
    k.includes("apikey") ||
    k.includes("cookie") ||
    k === "authorization" ||
    k === "proxyauthorization" ||
    k === "accesskey" ||
    k === "privatekey" ||
    // token, accessToken, resetToken, tokenHash; not AI usage counts like outputTokens
    k.endsWith("token") ||
    k.endsWith("tokenhash")
  );
}

/** Keys of database errors whose values are the data of the failed statement. */
const QUERY_VALUE_KEYS = new Set(["params", "parameters", "args", "queryoptions", "detail", "raw"]);

/** Drizzle's message is `Failed query: <sql>\nparams: <values>`: the values go. */
function scrubMessage(message: string): string {
  const at = message.indexOf("\nparams: ");
  if (at === -1 || message.startsWith(REDACTED, at + "\nparams: ".length)) return message; // none, or scrubbed already
  return `${message.slice(0, at)}\nparams: ${REDACTED}`;
}

function scrubStack(stack: string, message: string, scrubbed: string): string {
  if (message === scrubbed) return stack;
  const at = stack.indexOf(message);
  if (at !== -1) return stack.slice(0, at) + scrubbed + stack.slice(at + message.length);
  // The message is not where expected: keep only the frames.
  return [scrubbed, ...stack.split("\n").filter((line) => /^\s+at \S/.test(line))].join("\n");
}

/** True for real errors of any realm (Jest runs modules in their own), not plain objects that look like one. */
function isError(value: object): value is Error {
  return value instanceof Error || Object.prototype.toString.call(value) === "[object Error]";
}

/** The same for any value. */
export function isErrorLike(value: unknown): value is Error {
  return value !== null && typeof value === "object" && isError(value);
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const MAX_DEPTH = 8;

function serializeError(error: Error, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  const message = typeof error.message === "string" ? error.message : String(error.message);
  const scrubbed = scrubMessage(message);
  const out: Record<string, unknown> = {
    type: typeof error.constructor === "function" && error.constructor.name ? error.constructor.name : error.name,
    message: scrubbed,
  };
  if (typeof error.stack === "string") out.stack = scrubStack(error.stack, message, scrubbed);
  for (const key in error) {
    if (key === "message" || key === "stack" || key === "cause") continue;
    const value = (error as unknown as Record<string, unknown>)[key];
    if (value === undefined) continue;
    out[key] = QUERY_VALUE_KEYS.has(key.toLowerCase()) || isSecretKey(key) ? REDACTED : redact(value, depth + 1, seen);
  }
  const errors = (error as { errors?: unknown }).errors;
  if (Array.isArray(errors) && out.errors === undefined) out.errors = redact(errors, depth + 1, seen);
  if (error.cause !== undefined) out.cause = redact(error.cause, depth + 1, seen);
  return out;
}

function redact(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === "string") return scrubMessage(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > MAX_DEPTH) return "[too deep]";
  if (seen.has(value)) return "[circular]";
  seen.add(value);
  try {
    if (isError(value)) return serializeError(value, depth, seen);
    if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1, seen));
    // Dates, URLs, buffers and the like keep their own JSON form.
    if (!isPlainObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = isSecretKey(key) && item !== undefined && item !== null ? REDACTED : redact(item, depth + 1, seen);
    }
    return out;
  } finally {
    seen.delete(value); // a value met twice side by side is not a cycle
  }
}

/** A copy of `value` safe to log: errors become plain objects without query values, secrets are replaced. */
export function redactForLog(value: unknown): unknown {
  return redact(value, 0, new WeakSet());
}

/** The arguments of a logger call, redacted; an Error given alone is logged as `{ err }` as pino would. */
export function redactLogArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  const head =
    first !== null && typeof first === "object" && isError(first) ? { err: redactForLog(first) } : redactForLog(first);
  return [head, ...rest.map((arg) => redactForLog(arg))];
}
