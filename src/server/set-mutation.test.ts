/**
 * `setMutation` on a running server (tests of `cbcheck monitor` switch a seeded bug on and off mid-run): the bug
 * applies from the next request, switching it off restores the conforming answers (the cached clean path
 * included), and an unknown id changes nothing.
 */
import { afterAll, describe, expect, it } from "vitest";
import { call, stubServer } from "./test-support/harness.js";

const server = await stubServer();
afterAll(() => server.close());

const cursorOf = async (alt = false) =>
  (await call(server, "/resolve?query=a", { alt })).json.cursor as unknown;
const warningsOnAlt = async () => "warnings" in (await call(server, "/resolve?query=a", { alt: true })).json;

describe("setMutation on a running server", () => {
  it("switches a seeded bug on from the next request, and off again", async () => {
    expect(await cursorOf()).toBeNull();
    server.setMutation("resolve-cursor-set");
    expect(await cursorOf()).not.toBeNull();
    server.setMutation(null);
    expect(await cursorOf()).toBeNull();
  });

  it("switches a reply-bending bug (only under /api/v1) the same way", async () => {
    expect(await warningsOnAlt()).toBe(true);
    server.setMutation("alt-drops-warnings");
    expect(await warningsOnAlt()).toBe(false);
    expect("warnings" in (await call(server, "/resolve?query=a")).json).toBe(true);
    server.setMutation(null);
    expect(await warningsOnAlt()).toBe(true);
  });

  it("refuses an unknown id and keeps the bug that was on", async () => {
    server.setMutation("resolve-cursor-set");
    expect(() => server.setMutation("no-such-bug")).toThrow(/no-such-bug/);
    expect(await cursorOf()).not.toBeNull();
    server.setMutation(null);
  });
});
