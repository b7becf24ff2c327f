import { expect, test, uniqueEmail } from "./fixtures";

/**
 * The app counts the socket's address, not X-Forwarded-For (no proxy is trusted here): a client
 * that writes a new address on every request is still one client to the sign-in limit.
 */
test("rotating X-Forwarded-For does not walk around the sign-in limit", async ({ request }) => {
  const account = { email: uniqueEmail("rotating"), password: "e2e-password-1" };
  const created = await request.post("/api/signup", { data: { ...account, mName: "Rotating" } });
  expect(created.status()).toBe(201);

  const forged = (i: number) => ({ "x-forwarded-for": `10.200.${i}.1`, "x-aula-peer": `10.201.${i}.1` });
  for (let i = 0; i < 10; i++) {
    const res = await request.post("/api/signin", {
      data: { email: account.email, password: `wrong-guess-${i}` },
      headers: forged(i),
    });
    expect(res.status()).toBe(401);
  }
  const refused = await request.post("/api/signin", { data: account, headers: forged(99) });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect((await refused.json()).code).toBe("signin:rate-limited");
});
