/**
 * How a job's failure is classed and how long a retried job waits (no database: the engine's
 * behaviour on one is in tests/integration/jobs.test.ts).
 */
import { ModelFailedError } from "@/server/ai/run";
import { AppError } from "@/server/http/errors";
import { isTransient, jobError, retryDelayMs } from "./handlers";

describe("isTransient", () => {
  it("retries the model busy or too slow, the database down and HTTP 429/5xx, and nothing else", () => {
    expect(isTransient(new ModelFailedError("unavailable", "503", 4))).toBe(true);
    expect(isTransient(new ModelFailedError("timeout", "slow", 1))).toBe(true);
    expect(isTransient(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isTransient(Object.assign(new Error("busy"), { statusCode: 429 }))).toBe(true);
    expect(isTransient(Object.assign(new Error("bad gateway"), { status: 502 }))).toBe(true);

    expect(isTransient(new ModelFailedError("invalid-output", "not JSON", 4))).toBe(false);
    expect(isTransient(new ModelFailedError("refused", "no", 1))).toBe(false);
    expect(isTransient(new AppError("course:not-found", "gone"))).toBe(false);
    expect(isTransient(Object.assign(new Error("bad request"), { statusCode: 400 }))).toBe(false);
    expect(isTransient(new Error("a bug"))).toBe(false);
  });
});

describe("retryDelayMs", () => {
  it("doubles from the base with ±20% jitter, capped at an hour", () => {
    for (let i = 0; i < 50; i++) {
      const first = retryDelayMs(1, 1_000);
      const third = retryDelayMs(3, 1_000);
      expect(first).toBeGreaterThanOrEqual(800);
      expect(first).toBeLessThanOrEqual(1_200);
      expect(third).toBeGreaterThanOrEqual(3_200);
      expect(third).toBeLessThanOrEqual(4_800);
      expect(retryDelayMs(40, 1_000)).toBeLessThanOrEqual(3_600_000 * 1.2);
    }
  });
});

describe("jobError", () => {
  it("keeps the app's error code, else job:failed, and a bounded message", () => {
    expect(jobError(new ModelFailedError("timeout", "too slow", 1))).toEqual({
      code: "ai:timeout",
      message: "too slow",
    });
    expect(jobError(new Error("x".repeat(5_000)))).toEqual({ code: "job:failed", message: "x".repeat(1_000) });
  });
});
