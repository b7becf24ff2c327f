import { createLane } from "./lane";

describe("a lane", () => {
  it("runs at most its bound at once, in arrival order, and frees the slot on failure too", async () => {
    const lane = createLane(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const read = (i: number, fail = false) =>
      lane(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
        order.push(i);
        if (fail) throw new Error("boom");
        return i;
      });
    const results = await Promise.allSettled([read(1), read(2, true), read(3), read(4), read(5)]);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled", "fulfilled"]);
    // Every slot came back: two more run at once again.
    most = 0;
    await Promise.all([read(6), read(7)]);
    expect(most).toBe(2);
  });
});
