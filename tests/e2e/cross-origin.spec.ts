/**
 * An attacker's page on another port of the same host (same site, other origin): the victim's
 * SameSite=Lax cookie goes along with its requests, so only the server's origin and content-type
 * checks stand between it and the victim's account.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { BASE_URL, expect, signUpViaApi, test } from "./fixtures";

let attacker: Server;
let attackerUrl: string;

function attackPage(victimEmail: string): string {
  const target = `${BASE_URL}/api/profile`;
  const payload = JSON.stringify({ mName: "Owned", email: victimEmail, password: "attacker-pass-1" });
  // enctype=text/plain sends "name=value": the name carries the JSON up to a dummy field.
  const name = payload.slice(0, -1) + ',"pad":"';
  return `<!doctype html><html><body>
<form id="f" method="POST" action="${target}" enctype="text/plain"><input type="hidden" name='${name.replace(/'/g, "&#39;")}' value='"}'></form>
<script>
  window.results = [];
  fetch(${JSON.stringify(target)}, { method: "POST", mode: "no-cors", credentials: "include", headers: { "content-type": "text/plain" }, body: ${JSON.stringify(payload)} })
    .then(() => window.results.push("no-cors sent"), (e) => window.results.push("no-cors failed " + e));
  fetch(${JSON.stringify(`${BASE_URL}/api/signout`)}, { method: "POST", mode: "no-cors", credentials: "include" })
    .then(() => window.results.push("signout sent"), () => window.results.push("signout failed"));
</script>
</body></html>`;
}

let victimEmail = "";

test.beforeAll(async () => {
  attacker = createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(attackPage(victimEmail));
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  // "localhost" on another port: same site as the app, another origin.
  attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
});

test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

test("a page on another port of the same host changes nothing with a form or a no-cors fetch", async ({ page }) => {
  const victim = await signUpViaApi(page, "Victim Name");
  victimEmail = victim.email;

  await page.goto(attackerUrl);
  await expect.poll(() => page.evaluate(() => (window as unknown as { results: string[] }).results.length)).toBe(2);

  // The form submission navigates to the API's answer: refused.
  const answer = page.waitForResponse((r) => r.url() === `${BASE_URL}/api/profile` && r.request().method() === "POST");
  await page.evaluate(() => (document.getElementById("f") as HTMLFormElement).submit());
  expect((await answer).status()).toBe(403);
  await page.waitForURL(`${BASE_URL}/api/profile`);
  await expect(page.locator("body")).toContainText("request:cross-origin");

  // Still signed in: the cross-site sign-out was refused too; the name is unchanged.
  await page.goto("/dashboard/profile");
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByLabel(/^(Nome completo|Full Name)$/)).toHaveValue("Victim Name");
  // The password is unchanged.
  const again = await page.request.post("/api/signin", { data: { email: victim.email, password: victim.password } });
  expect(again.status()).toBe(200);
});
