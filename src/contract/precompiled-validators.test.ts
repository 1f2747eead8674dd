/**
 * The precompiled validators (generated/validators.cjs, precompiled.ts) judge exactly as the validators
 * compiled at run time: the same validity, the same violations (pointer, keyword, schema path, message, params) and the same
 * completeness, for every schema and preferred view, over a corpus of valid and invalid bodies — the schema
 * fixtures, and the answers of the reference server, conforming and with each seeded bug on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MUTATIONS } from "../server/mutations.js";
import { call, entityPath, stubServer } from "../server/test-support/harness.js";
import { STUB } from "../server/test-support/stub-graph.js";
import type { RunningServer } from "../server/types.js";
import { precompiledFor } from "./precompiled.js";
import { readSchemaFiles } from "./schema-files.js";
import { createSchemaRegistry } from "./schema-registry.js";
import { fixtureSchemaNames, invalidFixtures, validFixtures } from "./test-support/schema-fixtures.js";

const precompiled = createSchemaRegistry();
const compiled = createSchemaRegistry(undefined, { precompiled: false });

/** Everything a registry says of `value` against schemas `names` and their preferred views. */
function verdicts(registry: typeof precompiled, names: readonly string[], value: unknown): unknown[] {
  return names.map((name) => ({
    name,
    valid: registry.isValidAs(name, value),
    violations: registry.collectViolations(name, value),
    preferred: registry.isPreferredAs(name, value),
    preferredViolations: registry.collectPreferredViolations(name, value),
  }));
}

const ANSWERS = ["resolve-response", "entities-response", "influencer-response", "me", "error"];
const MAIN = `cb:org:${STUB.main}`;
const SMALL = `cb:org:${STUB.small}`;

/** Requests that reach every operation and many answer shapes (errors included) of the reference server. */
async function answers(server: RunningServer, conforming: boolean): Promise<unknown[]> {
  const replies = await Promise.all([
    call(server, "/resolve?query=a&limit=3"),
    call(server, "/resolve?query=a&limit=0"),
    call(server, entityPath(MAIN, { include: "edges", extend: "subunits,financial_history" })),
    call(server, entityPath("cb:org:999999999")),
    call(server, "/entities/batch", {
      body: { ids: [MAIN, SMALL, "cb:org:123456789"], extend: ["subunits"] },
    }),
    call(server, "/entities/batch", {
      body: { ids: ["cb:identity:instagram:user_1"], dataset: "influencer" },
    }),
    call(server, "/me"),
    ...(conforming
      ? [call(server, "/me", { key: "none" }), call(server, "/resolve", { method: "DELETE" })]
      : []),
  ]);
  return replies.map((r) => r.json).filter((json) => json !== undefined);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Answers that differ only in their (valid) request id are judged alike: one of them is enough. */
const sameButId = (key: string, value: unknown) =>
  key === "request_id" && typeof value === "string" && UUID.test(value) ? undefined : value;

let server: RunningServer;
beforeAll(async () => {
  server = await stubServer({ rateLimit: 1_000_000 });
});
afterAll(() => server.close());

describe("precompiled validators", () => {
  it("are used over the shipped schemas only, and only while they are the schemas they were made of", () => {
    const files = readSchemaFiles();
    expect(precompiledFor(undefined, files)?.SCHEMAS_DIGEST).toMatch(/^[0-9a-f]{64}$/);
    expect(precompiledFor("/elsewhere/schemas/", files)).toBeUndefined();
    const edited = files.map((f) => (f.name === "error" ? { ...f, schema: { ...f.schema, title: "x" } } : f));
    expect(precompiledFor(undefined, edited)).toBeUndefined();
  });

  it("judge every schema fixture as the validators compiled at run time do", () => {
    const fixtures = fixtureSchemaNames().flatMap((name) => [
      ...validFixtures(name),
      ...invalidFixtures(name),
    ]);
    expect(fixtures.length).toBeGreaterThan(100);
    for (const { schema, file, value } of fixtures) {
      expect(verdicts(precompiled, [schema], value), file).toEqual(verdicts(compiled, [schema], value));
    }
  });

  it("judge the reference server's answers, conforming and with each seeded bug on, alike", async () => {
    const bodies = new Map<string, unknown>();
    for (const mutation of [
      null,
      ...MUTATIONS.map((m) => m.id).filter((id) => id !== "resolve-spins-forever"),
    ]) {
      server.setMutation(mutation);
      for (const body of await answers(server, mutation === null))
        bodies.set(JSON.stringify(body, sameButId), body);
    }
    server.setMutation(null);
    // The seeded bugs' answers that no answer schema takes: the invalid half of this corpus.
    const all = [...bodies.values()];
    const invalid = all.filter((body) => !ANSWERS.some((name) => precompiled.isValidAs(name, body)));
    expect(invalid.length).toBeGreaterThan(20);
    for (const body of all)
      expect(verdicts(precompiled, ANSWERS, body)).toEqual(verdicts(compiled, ANSWERS, body));
  });
});
