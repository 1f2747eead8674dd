/**
 * The reference server in a child process: its rate window is set over IPC, and a child whose thread spins
 * forever (seeded bug `resolve-spins-forever`) is killed by `close` once the grace time has passed.
 */
import { describe, expect, it } from "vitest";
import { startServerInChild } from "./start-in-child.js";

describe("startServerInChild", () => {
  it("sets the rate window over IPC, and kills a child that spins forever at close", async () => {
    const child = await startServerInChild(
      { mutation: "resolve-spins-forever" },
      { replyMs: 200, closeGraceMs: 100 },
    );
    const headers = { authorization: `Bearer ${child.keys.plus}` };
    const me = () => fetch(`${child.url}/me`, { headers }).then((r) => r.status);
    await child.setRateLimit(1, 60_000);
    expect([await me(), await me()]).toEqual([200, 429]);
    await child.setRateLimit(1000, 60_000);
    expect(await me()).toBe(200);
    const spin = fetch(`${child.url}/resolve?query=Avd`, { headers, signal: AbortSignal.timeout(500) });
    await expect(spin).rejects.toThrow(/timeout|aborted/i);
    // The child no longer reads its messages: a rate change is not answered, and close has to kill it.
    await child.setRateLimit(5, 60_000);
    await child.close();
    await expect(fetch(`${child.url}/me`, { headers })).rejects.toThrow();
  });
});
