/** A JSON POST to one of our routes (same origin: the route wrapper refuses anything else). */
export function postJson(
  url: string,
  body: unknown,
  init: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { ...init.headers, "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: init.signal,
  });
}

/** Posts JSON to a contract route and reads its `{ success, message }` answer; `ok` only when both say so. */
export async function postForAnswer<T extends { success?: boolean; message?: string }>(
  url: string,
  body: unknown,
): Promise<{ ok: boolean; status: number; data: T | null }> {
  const response = await postJson(url, body);
  const data = (await response.json().catch(() => null)) as T | null;
  return { ok: response.ok && data?.success === true, status: response.status, data };
}
