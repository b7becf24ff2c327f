/**
 * Adding material as the Generate page does, for integration tests: a file sent as multipart
 * (field `file`) from the app's own origin, to POST /api/sources.
 */
import { POST as addSourceRoute } from "@/app/api/sources/route";

const URL_BASE = "http://localhost:3000/api/sources";

// Answers of many shapes, asserted on field by field (as tests/setup/http.ts does).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

export async function uploadSource(
  cookie: string,
  name: string,
  bytes: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; json: Json }> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)]), name);
  const request = new Request(URL_BASE, {
    method: "POST",
    body: form,
    headers: {
      cookie,
      origin: "http://localhost:3000",
      "sec-fetch-site": "same-origin",
      "x-aula-peer": "203.0.113.7",
      ...headers,
    },
  });
  const response = await addSourceRoute(request, { params: Promise.resolve({}) });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Json };
}
