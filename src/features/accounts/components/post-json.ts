/** Posts JSON to a contract route and reads its `{ success, message }` answer. */
export async function postJson<T extends { success?: boolean; message?: string }>(
  url: string,
  body: unknown,
): Promise<{ ok: boolean; status: number; data: T | null }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => null)) as T | null;
  return { ok: response.ok && data?.success === true, status: response.status, data };
}
