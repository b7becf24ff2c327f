/** Calls a route handler as Next would, with a real Request, and reads its JSON answer. */
type Handler = (request: Request, route: { params: Promise<unknown> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** The client's address as scripts/server.mjs stamps it (TRUST_PROXY=false); headers may override. */
  peer?: string;
  cookie?: string;
  params?: Record<string, string>;
  url?: string;
};

export async function callRoute(handler: Handler, options: CallOptions = {}) {
  const peer = options.peer ?? "203.0.113.7";
  const headers = new Headers({ "x-aula-peer": peer, "x-forwarded-for": peer, ...options.headers });
  if (options.cookie) headers.set("cookie", options.cookie);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("content-type", "application/json");
  }
  const request = new Request(options.url ?? "http://localhost:3000/api/test", {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  // Tests read answers of many shapes and assert on them; a loose type keeps them short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, headers: response.headers, json: json as Record<string, any>, text };
}

/** The `name=value` part of a response's session cookie, ready to send back. */
export function sessionCookieFrom(headers: Headers): string {
  const setCookie = headers.get("set-cookie") ?? "";
  const match = setCookie.match(/((?:__Secure-)?aula\.session=[^;]*)/);
  if (!match) throw new Error(`no session cookie in: ${setCookie}`);
  return match[1];
}
