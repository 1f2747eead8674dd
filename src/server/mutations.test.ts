import { describe, expect, it } from "vitest";
import { startServer } from "./index.js";
import { MUTATIONS, type MutationId } from "./mutations.js";
import { startServerInChild } from "./start-in-child.js";
import { call, entityPath, qs, stubServer, type TestResponse } from "./test-support/harness.js";
import { STUB } from "./test-support/stub-graph.js";
import type { RunningServer } from "./types.js";

const MAIN = `cb:org:${STUB.main}`;
const SMALL = `cb:org:${STUB.small}`;
const get = (s: RunningServer, params: Record<string, unknown> = {}) => call(s, entityPath(MAIN, params));
const batch = (s: RunningServer, body: Record<string, unknown>) => call(s, "/entities/batch", { body });
const years = (r: TestResponse): number[] =>
  r.json.data.extensions.financial_history[STUB.main].map((x: { fiscal_year: number }) => x.fiscal_year);
const INFLUENCER = "cb:identity:instagram:user_1";
const ids100 = Array.from({ length: 100 }, (_, i) => `cb:org:${900000000 + i}`);

/**
 * Whether GET /resolve goes unanswered for 1 s on a server in a child process with `mutation` on: a bug that
 * spins the server's thread forever cannot be probed in this process, and only a child can be killed.
 */
async function resolveUnanswered(mutation: string | undefined): Promise<boolean> {
  const child = await startServerInChild(mutation ? { mutation } : {}, { closeGraceMs: 100 });
  try {
    const headers = { authorization: `Bearer ${child.keys.plus}` };
    await fetch(`${child.url}/resolve?query=Avd`, { headers, signal: AbortSignal.timeout(1000) });
    return false;
  } catch (err) {
    return (err as Error).name === "TimeoutError";
  } finally {
    await child.close();
  }
}

/** `probe` on the real synthetic graph (sub-unit nodes, ownership chains), with `mutation` on or off. */
async function onRealGraph(
  mutation: string | undefined,
  probe: (s: RunningServer) => Promise<boolean>,
): Promise<boolean> {
  const server = await startServer(mutation ? { mutation } : {});
  try {
    return await probe(server);
  } finally {
    await server.close();
  }
}

/** Whether a fixture sub-unit of the real graph names itself as its main unit. */
const subunitNamesItself = (s: RunningServer) =>
  batch(s, { ids: s.fixtures.subunit_ids }).then((r) =>
    r.json.data.entities.some(
      (n: { payload: { org_nr: string; parent_org_nr?: string } }) =>
        n.payload.parent_org_nr === n.payload.org_nr,
    ),
  );

/** Whether a group parent of a fixture organisation of the real graph has an owner above it. */
async function groupParentHasOwner(s: RunningServer): Promise<boolean> {
  const extend = ["group_parent"];
  const orgs = (await batch(s, { ids: s.fixtures.org_ids, extend })).json.data.extensions.group_parent;
  const tops = Object.values(orgs).flatMap((p) => (p ? [`cb:org:${(p as { org_nr: string }).org_nr}`] : []));
  const parents = (await batch(s, { ids: tops, extend })).json.data.extensions.group_parent;
  return Object.values(parents).some((p) => p !== null);
}

/** Whether a team key's `cost.balance` differs from the team balance its `/me` shows. */
async function teamBalanceDiffers(s: RunningServer): Promise<boolean> {
  const me = (await call(s, "/me", { key: "team" })).json;
  return (await call(s, entityPath(MAIN), { key: "team" })).json.cost.balance !== me.credential.credits;
}

/** For each seeded bug, a probe that is true exactly when the bug is visible. */
// Keyed by the id union: a probe for a misspelt or missing bug does not compile.
const PROBES: Record<MutationId, (s: RunningServer, mutation: string | undefined) => Promise<boolean>> = {
  "envelope-extra-field": async (s) => "debug" in (await get(s)).json,
  "envelope-missing-request-id": async (s) => !("request_id" in (await get(s)).json),
  "envelope-contract-v2": async (s) => (await get(s)).json.contract !== "cb/v1",
  "envelope-credits-reserved": async (s) => (await get(s)).json.cost.credits_reserved !== 0,
  "envelope-evidence-nonempty": async (s) => (await get(s)).json.evidence.length > 0,
  "envelope-request-id-not-uuid": async (s) =>
    !/^[0-9a-f]{8}-[0-9a-f]{4}-/.test((await get(s)).json.request_id),
  "envelope-as-of-not-date-time": async (s) => !(await get(s)).json.as_of.includes("T"),
  "envelope-as-of-space-separated": async (s) => (await get(s)).json.as_of.includes(" "),
  "envelope-unit-type-invalid": async (s) => (await get(s)).json.cost.unit_type !== "record",
  "resolve-cursor-set": async (s) => (await call(s, "/resolve?query=Avd")).json.cursor !== null,
  "resolve-over-limit": async (s) => (await call(s, "/resolve?query=Avd&limit=2")).json.data.length > 2,
  "resolve-default-limit-50": async (s) => (await call(s, "/resolve?query=Avd")).json.data.length > 10,
  "resolve-requested-empty": async (s) =>
    (await call(s, "/resolve?query=Avd")).json.coverage.requested.length !== 1,
  "resolve-spins-forever": (_s, mutation) => resolveUnanswered(mutation),
  "resolve-truncated-at-limit": async (s) => {
    const all = (await call(s, "/resolve?query=Hoved&limit=50")).json.data.length;
    return (await call(s, `/resolve?query=Hoved&limit=${all}`)).json.truncated === true;
  },
  "resolve-truncated-never": async (s) =>
    (await call(s, "/resolve?query=Avd&limit=1")).json.truncated === false,
  "org-employees-string": async (s) =>
    typeof (await get(s)).json.data.entities[0].payload.employees === "string",
  "org-unknown-field": async (s) => "internal_score" in (await get(s)).json.data.entities[0].payload,
  "node-missing-name": async (s) => !("name" in (await get(s)).json.data.entities[0]),
  "edges-without-include": async (s) => (await get(s)).json.data.edges.length > 0,
  "edge-props-extra-field": async (s) =>
    "weight" in (await get(s, { include: ["*"] })).json.data.edges[0].props,
  "edges-51": async (s) => (await get(s, { include: ["*"] })).json.data.edges.length > 50,
  "edges-cut-silently": async (s) => {
    const r = (await get(s, { include: ["*"] })).json;
    return r.data.edges.length === 50 && r.truncated === false && r.cursor === null;
  },
  "method-not-allowed-without-allow": async (s) => {
    const r = await call(s, "/resolve?query=Avd", { method: "POST", body: {} });
    return r.status === 405 && !r.headers.has("allow");
  },
  "edges-cursor-skip": async (s) => {
    // Following every cursor reaches fewer than the stub's 120 edges of MAIN.
    const reached = new Set<number>();
    let r = await batch(s, { ids: [MAIN], include: ["*"] });
    for (let i = 0; i < 10; i++) {
      for (const e of r.json.data.edges) reached.add(e.id);
      if (r.json.cursor === null) break;
      r = await batch(s, { ids: [MAIN], include: ["*"], cursor: r.json.cursor });
    }
    return reached.size < 120;
  },
  "edges-cursor-refused": async (s) => {
    const a = await batch(s, { ids: [MAIN], include: ["*"] });
    return (await batch(s, { ids: [MAIN], include: ["*"], cursor: a.json.cursor })).status === 400;
  },
  "edges-cursor-past-end": async (s) => {
    // Follow the cursors: the last page with edges still hands one out, and its page holds none.
    let r = (await batch(s, { ids: [MAIN], include: ["*"] })).json;
    for (let i = 0; i < 10 && r.cursor !== null && r.data.edges.length > 0; i++) {
      r = (await batch(s, { ids: [MAIN], include: ["*"], cursor: r.cursor })).json;
    }
    return r.data.edges.length === 0;
  },
  "multi-org-payload-empty": async (s) => {
    const ids = [MAIN, s.fixtures.org_ids.find((id) => id !== MAIN)!];
    const r = (await batch(s, { ids })).json;
    return r.data.entities.some((n: { payload: object }) => Object.keys(n.payload).length === 0);
  },
  "edges-cursor-overlap": async (s) => {
    const a = await batch(s, { ids: [MAIN], include: ["*"] });
    const b = await batch(s, { ids: [MAIN], include: ["*"], cursor: a.json.cursor });
    const first = new Set(a.json.data.edges.map((e: { id: number }) => e.id));
    return b.json.data.edges.some((e: { id: number }) => first.has(e.id));
  },
  "financial-oldest-first": async (s) => {
    const y = years(await get(s, { extend: ["financial_history"] }));
    return y[0] < y[y.length - 1];
  },
  "financial-duplicate-year": async (s) => {
    const y = years(await get(s, { extend: ["financial_history"] }));
    return new Set(y).size !== y.length;
  },
  "subunits-51-in-batch": async (s) =>
    (await batch(s, { ids: [MAIN, SMALL], extend: ["subunits"] })).json.data.extensions.subunits[STUB.main]
      .length > 50,
  "extensions-truncated-missing": async (s) =>
    !("extensions_truncated" in (await batch(s, { ids: [MAIN, SMALL], extend: ["subunits"] })).json.data),
  "extension-unrequested-org": async (s) =>
    Object.keys((await get(s, { extend: ["web_identities"] })).json.data.extensions.web_identities).some(
      (k) => k !== STUB.main,
    ),
  "signature-in-multi-org": async (s) =>
    (await batch(s, { ids: [MAIN, SMALL] })).json.data.entities.some(
      (n: { payload: object }) => "signature_text" in n.payload,
    ),
  "coverage-missing-omitted": async (s) =>
    (await batch(s, { ids: [MAIN, STUB.missing] })).json.coverage.missing.length === 0,
  "coverage-requested-mismatch": async (s) =>
    (await batch(s, { ids: [MAIN] })).json.coverage.requested.length !== 1,
  "unknown-id-404": async (s) => (await batch(s, { ids: [MAIN, STUB.missing] })).status === 404,
  "validation-500-message": async (s) => (await call(s, "/resolve")).status === 500,
  "error-without-code": async (s) => (await call(s, "/resolve")).json.error?.code === undefined,
  "unknown-extension-accepted": async (s) => (await get(s, { extend: ["accounts"] })).status === 200,
  "extend-name-case-folded": async (s) => (await get(s, { extend: ["SUBUNITS"] })).status === 200,
  "as-of-lower-case-refused": async (s) => (await get(s, { as_of: "2024-02-29t23:59:59z" })).status === 400,
  "repeated-items-500": async (s) =>
    (await batch(s, { ids: [MAIN], include: ["HAS_ROLE", "HAS_ROLE"] })).status === 500,
  "dataset-value-trimmed": async (s) => (await get(s, { dataset: " basic " })).status === 200,
  // A string is sent as it is: `["HAS_ROLE"` is JSON text cut short.
  "json-param-not-json-ignored": async (s) => (await get(s, { include: '["HAS_ROLE"' })).status === 200,
  "blank-query-500": async (s) => (await call(s, `/resolve${qs({ query: "   " })}`)).status === 500,
  "format-character-query-500": async (s) =>
    (await call(s, `/resolve${qs({ query: "a\u200Bb" })}`)).status === 500,
  "unknown-parameter-500": async (s) =>
    (await call(s, `/resolve${qs({ query: "Avd", cbcheck_unknown: "1" })}`)).status === 500,
  "repeated-body-key-500": async (s) =>
    (await call(s, "/entities/batch", { rawBody: `{"ids":["${MAIN}"],"ids":["${MAIN}"]}` })).status === 500,
  "body-without-content-type-500": async (s) => {
    const rawBody = Buffer.from(JSON.stringify({ ids: [MAIN] }));
    return (await call(s, "/entities/batch", { rawBody, contentType: null })).status === 500;
  },
  "id-array-item-500": async (s) => (await batch(s, { ids: [[MAIN]] })).status === 500,
  "ids-101-accepted": async (s) => (await batch(s, { ids: [...ids100, MAIN] })).status === 200,
  "query-length-in-utf16-units": async (s) =>
    (await call(s, `/resolve${qs({ query: "😀".repeat(300) })}`)).status === 400,
  "query-301-accepted": async (s) =>
    (await call(s, `/resolve${qs({ query: "a".repeat(301) })}`)).status === 200,
  "query-length-high-bmp-pairs": async (s) =>
    (await call(s, `/resolve${qs({ query: "\uFF76".repeat(301) })}`)).status === 200,
  // Written as it is: `a+a+…+a`, 301 characters whether `+` reads as a space or as itself.
  "query-plus-dropped": async (s) => (await call(s, `/resolve?query=${"a+".repeat(150)}a`)).status === 200,
  "malformed-escape-ignored": async (s) => (await call(s, "/resolve?query=Avd&limit=%ZZ")).status === 200,
  "oversize-body-accepted": async (s) =>
    (
      await call(s, "/entities/batch", {
        rawBody: JSON.stringify({ ids: [MAIN] }) + " ".repeat(1.1 * 2 ** 20),
      })
    ).status !== 413,
  "www-authenticate-missing": async (s) =>
    !(await call(s, "/me", { key: "none" })).headers.has("www-authenticate"),
  "free-key-served": async (s) => (await call(s, entityPath(MAIN), { key: "free" })).status === 200,
  "revoked-key-accepted": async (s) => (await call(s, entityPath(MAIN), { key: "revoked" })).status === 200,
  "plan-required-empty-tier": async (s) =>
    (await call(s, entityPath(MAIN), { key: "free" })).json.error.required_tier === "",
  "plan-required-without-tier": async (s) =>
    (await call(s, entityPath(MAIN), { key: "free" })).json.error.required_tier === undefined,
  "rate-limit-off": async (s) => {
    for (let i = 0; i < 6; i++) await get(s);
    return (await get(s)).status === 200;
  },
  "retry-after-missing": async (s) => {
    for (let i = 0; i < 5; i++) await get(s);
    return !(await get(s)).headers.has("retry-after");
  },
  "retry-after-fractional": async (s) => {
    for (let i = 0; i < 5; i++) await get(s);
    return !/^\d+$/.test((await get(s)).headers.get("retry-after") ?? "");
  },
  "rate-limit-leaks-under-concurrency": async (s) =>
    (await Promise.all(Array.from({ length: 12 }, () => get(s)))).filter((r) => r.status === 200).length > 5,
  "slow-responses": async (s) => {
    let fastest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      await get(s);
      fastest = Math.min(fastest, performance.now() - t);
    }
    return fastest >= 50;
  },
  "batch-100-5xx-under-concurrency": async (s) =>
    (await Promise.all([0, 1, 2].map(() => batch(s, { ids: ids100 })))).some((r) => r.status === 500),
  "alt-drops-warnings": async (s) => !("warnings" in (await call(s, entityPath(MAIN), { alt: true })).json),
  "alt-resolve-limit-default": async (s) =>
    (await call(s, "/resolve?query=Avd", { alt: true })).json.data.length !== 10,
  "alt-401-without-challenge": async (s) =>
    !(await call(s, "/me", { key: "none", alt: true })).headers.get("www-authenticate"),
  "alt-405-as-404": async (s) =>
    (await call(s, "/resolve?query=Avd", { method: "POST", alt: true })).status !== 405,
  "alt-errors-text-plain": async (s) =>
    !(await call(s, "/no-such-route", { alt: true })).headers
      .get("content-type")
      ?.startsWith("application/json"),
  "path-read-as-query": async (s) => (await call(s, "/entities/cb:person:cbcheck&dataset=x")).status === 400,
  "gzip-regardless": async (s) =>
    (await call(s, "/me", { headers: { "accept-encoding": "identity" } })).headers.get("content-encoding") ===
    "gzip",
  "stated-routes-404": async (s) => (await call(s, "/usage")).status === 404,
  "content-type-html": async (s) =>
    !(await get(s)).headers.get("content-type")?.startsWith("application/json"),
  "influencer-26-nodes": async (s) =>
    (await batch(s, { ids: ["cb:identity:instagram:user_1"], dataset: "influencer" })).json.data.entities
      .length > 25,
  "team-billed-personal": async (s) =>
    (await call(s, "/me", { key: "team" })).json.credential.billed_to !== "team",
  "team-charges-personal": async (s) => {
    const before = (await call(s, "/me", { key: "team" })).json.credits;
    await call(s, "/entities/batch", { key: "team", body: { ids: [INFLUENCER], dataset: "influencer" } });
    return (await call(s, "/me", { key: "team" })).json.credits !== before;
  },
  "no-credits-served": async (s) =>
    (
      await call(s, "/entities/batch", {
        key: "noCredits",
        body: { ids: [INFLUENCER], dataset: "influencer" },
      })
    ).status === 200,
  "credits-refused-while-covered": async (s) => {
    await batch(s, { ids: [INFLUENCER], dataset: "influencer" });
    return (await batch(s, { ids: [INFLUENCER], dataset: "influencer" })).status === 402;
  },
  "influencer-mixed-networks": async (s) => {
    const ids = ["cb:identity:instagram:user_1", "cb:identity:instagram:user_2"];
    const nodes = (await batch(s, { ids, dataset: "influencer" })).json.data.entities;
    return nodes.some((n: { id: string }) => n.id.startsWith("cb:identity:othernet:"));
  },
  "influencer-empty-page-padded": async (s) =>
    (await batch(s, { ids: ["cb:identity:instagram:nobody_here"], dataset: "influencer" })).json.data.entities
      .length > 0,
  "influencer-data-has-edges": async (s) =>
    "edges" in (await batch(s, { ids: ["cb:identity:instagram:user_1"], dataset: "influencer" })).json.data,
  "entities-unrequested-node": async (s) =>
    (await batch(s, { ids: [MAIN] })).json.data.entities.some((n: { id: string }) => n.id !== MAIN),
  "resolve-exact-id-not-found": async (s) =>
    (await call(s, `/resolve${qs({ query: STUB.main })}`)).json.data.length === 0,
  "batch-differs-from-get": async (s) => {
    const viaGet = (await get(s)).json.data.entities[0];
    const viaBatch = (await batch(s, { ids: [MAIN] })).json.data.entities[0];
    return JSON.stringify(viaGet) !== JSON.stringify(viaBatch);
  },
  "active-predicates-undercount": async (s) => {
    const r = (await get(s, { include: ["*"] })).json;
    const counts = Object.values(r.data.entities[0].active_predicates) as number[];
    return counts.reduce((a, b) => a + b, 0) < r.data.edges.length;
  },
  "units-count-nodes-only": async (s) => {
    const r = (await get(s, { include: ["*"] })).json;
    return r.cost.units < r.data.edges.length;
  },
  "resets-local-midnight": async (s) =>
    !(await call(s, "/me")).json.credential.resets.day.endsWith("T00:00:00.000Z"),
  "me-used-frozen": async (s) => {
    await call(s, entityPath(MAIN));
    return (await call(s, "/me")).json.credential.used.today.calls === 0;
  },
  "resets-month-long-ago": async (s) =>
    Date.parse((await call(s, "/me")).json.credential.resets.month) < Date.now() - 32 * 86_400_000,
  "me-resets-empty": async (s) => Object.keys((await call(s, "/me")).json.credential.resets).length === 0,
  "me-limits-empty": async (s) => Object.keys((await call(s, "/me")).json.credential.limits).length === 0,
  "me-personal-credits-zero": async (s) => {
    const me = (await call(s, "/me")).json;
    return me.credential.billed_to === "personal" && me.credits === 0 && me.credential.credits > 0;
  },
  "influencer-balance-up": async (s) => {
    const before = (await call(s, "/me")).json.credential.credits;
    return (await batch(s, { ids: [INFLUENCER], dataset: "influencer" })).json.cost.balance > before;
  },
  "resolve-limit-one-empty": async (s) => {
    const page = (await call(s, "/resolve?query=Avd&limit=1")).json;
    return page.data.length === 0 && page.truncated === false;
  },
  "resets-day-in-past": async (s) =>
    Date.parse((await call(s, "/me")).json.credential.resets.day) < Date.now() - 86_400_000,
  "challenge-without-resource-metadata": async (s) =>
    (await call(s, "/me", { key: "revoked" })).headers.get("www-authenticate") === "Bearer",
  "challenge-metadata-not-url": async (s) =>
    /resource_metadata="undefined"/.test(
      (await call(s, "/me", { key: "revoked" })).headers.get("www-authenticate") ?? "",
    ),
  "subunits-without-legacy-names": (_s, mutation) =>
    onRealGraph(mutation, async (s) => {
      const id = s.fixtures.main_unit_with_many_subunits;
      const lists = (await call(s, entityPath(id, { extend: ["subunits"] }))).json.data.extensions.subunits;
      return !("industry_code" in lists[id.slice("cb:org:".length)][0]);
    }),
  "group-parent-direct-owner": (_s, mutation) => onRealGraph(mutation, groupParentHasOwner),
  "subunit-id-of-main-unit": async (s) => {
    const lists = (await get(s, { extend: ["subunits"] })).json.data.extensions.subunits[STUB.main];
    return lists.some((u: { id: string }) => u.id === `cb:org:${STUB.main}`);
  },
  "subunit-parent-self": (_s, mutation) => onRealGraph(mutation, subunitNamesItself),
  "cost-balance-personal": (s) => teamBalanceDiffers(s),
  "group-parent-self": async (s) =>
    (await get(s, { extend: ["group_parent"] })).json.data.extensions.group_parent[STUB.main]?.org_nr ===
    STUB.main,
  "dataset-ignored": async (s) =>
    "edges" in (await batch(s, { ids: [INFLUENCER], dataset: "influencer" })).json.data,
};

async function probe(mutation: string | undefined, id: MutationId): Promise<boolean> {
  const server = await stubServer({ mutation, rateLimit: 5 });
  try {
    return await PROBES[id](server, mutation);
  } finally {
    await server.close();
  }
}

describe("seeded bugs", () => {
  it("lists at least 34 bugs with unique ids, including the six load ids, and a probe for each", () => {
    const ids = MUTATIONS.map((m) => m.id);
    expect(ids.length).toBeGreaterThanOrEqual(34);
    expect(new Set(ids).size).toBe(ids.length);
    const load = MUTATIONS.filter((m) => m.detectedBy === "load").map((m) => m.id);
    expect(load.sort()).toEqual([
      "batch-100-5xx-under-concurrency",
      "rate-limit-leaks-under-concurrency",
      "rate-limit-off",
      "retry-after-fractional",
      "retry-after-missing",
      "slow-responses",
    ]);
    expect(Object.keys(PROBES).sort()).toEqual([...ids].sort());
  });

  it("rejects an unknown mutation id", async () => {
    await expect(stubServer({ mutation: "no-such-bug" })).rejects.toThrow(/unknown mutation/);
  });

  it.each(MUTATIONS.map((m) => m.id))("%s is visible when on and absent when off", async (id) => {
    expect(await probe(id, id)).toBe(true);
    expect(await probe(undefined, id)).toBe(false);
  });
});
