/**
 * Seeded bugs that bend a finished reply (envelope fields, error bodies, headers): one small reply
 * interceptor per bug, keyed by its typed id and chosen once at start. The bugs that change what is computed
 * are settings (`../bugs.ts`) read where the computing happens; these only touch the outgoing response.
 */
import type { OperationId } from "../../transport/exchange.js";
import type { MutationId } from "../mutations.js";
import type { Reply } from "./reply.js";

type Obj = Record<string, unknown>;

/** Where a reply goes: base path, operation and call number. */
export interface BendContext {
  base: "v1" | "api/v1" | null;
  operation: OperationId;
  n: number;
}

/** A reply interceptor: the reply as the seeded bug sends it (may change it in place). */
export type ReplyBend = (reply: Reply, ctx: BendContext) => Reply;

/** The operations whose request and response are not shown (`stated-routes-404`). */
const STATED: ReadonlySet<OperationId> = new Set(["usage", "search", "traversals"]);

const PERSON_PAYLOAD = Object.freeze({ uid: null, name: null, birth_year: null });

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** A bend of data envelopes (`contract: cb/v1` with a `cost` object); other replies pass untouched. */
function onEnvelope(bend: (body: Obj, cost: Obj, ctx: BendContext) => void): ReplyBend {
  return (reply, ctx) => {
    const body = reply.body;
    if (isObj(body) && body.contract === "cb/v1" && isObj(body.cost)) bend(body, body.cost, ctx);
    return reply;
  };
}

/** A bend of replies with one status. */
function onStatus(status: number, bend: (reply: Reply) => Reply): ReplyBend {
  return (reply) => (reply.status === status ? bend(reply) : reply);
}

/** The reply interceptor of each seeded bug that bends replies. */
export const REPLY_BENDS: { readonly [Id in MutationId]?: ReplyBend } = {
  "envelope-extra-field": onEnvelope((body) => {
    body.debug = { shard: 3 };
  }),
  "envelope-missing-request-id": onEnvelope((body) => {
    delete body.request_id;
  }),
  "envelope-contract-v2": onEnvelope((body) => {
    body.contract = "cb/v2";
  }),
  "envelope-credits-reserved": onEnvelope((_body, cost) => {
    cost.credits_reserved = 1;
  }),
  "envelope-evidence-nonempty": onEnvelope((body) => {
    body.evidence = [{ id: 1, source: "register" }];
  }),
  "envelope-request-id-not-uuid": onEnvelope((body, _cost, ctx) => {
    body.request_id = `req-${ctx.n}`;
  }),
  "envelope-as-of-not-date-time": onEnvelope((body) => {
    if (typeof body.as_of === "string") body.as_of = body.as_of.slice(0, 10);
  }),
  "envelope-as-of-space-separated": onEnvelope((body) => {
    if (typeof body.as_of === "string") body.as_of = body.as_of.replace(/[Tt]/, " ");
  }),
  "envelope-unit-type-invalid": onEnvelope((_body, cost) => {
    cost.unit_type = "credit";
  }),
  "edge-props-extra-field": onEnvelope((body) => {
    const data = isObj(body.data) ? body.data : {};
    // Copies: the edges may be the graph's own cached objects.
    if (Array.isArray(data.edges)) {
      data.edges = data.edges.map((e: Obj) => ({ ...e, props: { ...(e.props as Obj), weight: 1 } }));
    }
  }),
  "entities-unrequested-node": onEnvelope((body, _cost, ctx) => {
    const data = body.data;
    if (ctx.operation === "resolve" || !isObj(data) || !Array.isArray(data.entities)) return;
    const id = "cb:person:not-requested";
    // A copy: the list may be the graph's own cached array.
    data.entities = [...data.entities, { id, type: "person", name: null, payload: PERSON_PAYLOAD }];
    if (Array.isArray(body.entities)) body.entities = [...body.entities, id];
  }),
  "batch-differs-from-get": onEnvelope((body, _cost, ctx) => {
    const data = body.data;
    if (ctx.operation !== "entity-batch" || !isObj(data) || !Array.isArray(data.entities)) return;
    // Copies without the field: the nodes may be the graph's own cached objects.
    data.entities = data.entities.map((n: unknown) => {
      if (!isObj(n)) return n;
      const { active_predicates: _dropped, ...rest } = n;
      return rest;
    });
  }),
  "active-predicates-undercount": onEnvelope((body, _cost, ctx) => {
    const data = body.data;
    if (ctx.operation === "resolve" || !isObj(data) || !Array.isArray(data.entities)) return;
    data.entities = data.entities.map((n: unknown) => {
      if (!isObj(n) || !isObj(n.active_predicates)) return n;
      const counts = Object.fromEntries(Object.keys(n.active_predicates).map((p) => [p, 1]));
      return { ...n, active_predicates: counts };
    });
  }),
  "influencer-mixed-networks": onEnvelope((body) => {
    // Influencer data has only `entities` (no `edges`): rename the network of every node after the first.
    if (!isObj(body.data) || "edges" in body.data || !Array.isArray(body.data.entities)) return;
    body.data.entities = body.data.entities.map((n: unknown, i: number) =>
      i > 0 && isObj(n) && typeof n.id === "string"
        ? { ...n, id: n.id.replace(/^cb:identity:[^:]+:/, "cb:identity:othernet:") }
        : n,
    );
  }),
  "group-parent-self": onEnvelope((body) => {
    const ext = isObj(body.data) && isObj(body.data.extensions) ? body.data.extensions : undefined;
    if (!ext || !isObj(ext.group_parent)) return;
    ext.group_parent = Object.fromEntries(
      Object.keys(ext.group_parent).map((nr) => [
        nr,
        { id: `cb:org:${nr}`, org_nr: nr, depth: 1, name: null },
      ]),
    );
  }),
  "resets-local-midnight": (reply, ctx) => {
    const credential = ctx.operation === "me" && isObj(reply.body) ? reply.body.credential : undefined;
    if (!isObj(credential) || !isObj(credential.resets)) return reply;
    const hourEarlier = (v: unknown) =>
      typeof v === "string" ? new Date(Date.parse(v) - 3_600_000).toISOString() : v;
    credential.resets = Object.fromEntries(
      Object.entries(credential.resets).map(([k, v]) => [k, hourEarlier(v)]),
    );
    return reply;
  },
  "me-used-frozen": (reply, ctx) => {
    const credential = ctx.operation === "me" && isObj(reply.body) ? reply.body.credential : undefined;
    if (!isObj(credential) || !isObj(credential.used)) return reply;
    const zero = (v: unknown): unknown =>
      typeof v === "number"
        ? 0
        : isObj(v)
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, zero(x)]))
          : v;
    credential.used = zero(credential.used);
    return reply;
  },
  "resets-month-long-ago": (reply, ctx) => {
    const credential = ctx.operation === "me" && isObj(reply.body) ? reply.body.credential : undefined;
    if (!isObj(credential) || !isObj(credential.resets) || typeof credential.resets.month !== "string")
      return reply;
    // The first of the month three months before the next reset: no counter's next or last reset.
    const next = new Date(credential.resets.month);
    credential.resets.month = new Date(
      Date.UTC(next.getUTCFullYear(), next.getUTCMonth() - 3, 1),
    ).toISOString();
    return reply;
  },
  "me-resets-empty": (reply, ctx) => {
    const credential = ctx.operation === "me" && isObj(reply.body) ? reply.body.credential : undefined;
    if (isObj(credential)) credential.resets = {};
    return reply;
  },
  "me-limits-empty": (reply, ctx) => {
    const credential = ctx.operation === "me" && isObj(reply.body) ? reply.body.credential : undefined;
    if (isObj(credential)) credential.limits = {};
    return reply;
  },
  "me-personal-credits-zero": (reply, ctx) => {
    if (ctx.operation === "me" && isObj(reply.body) && typeof reply.body.credits === "number")
      reply.body.credits = 0;
    return reply;
  },
  "influencer-balance-up": onEnvelope((_body, cost) => {
    // The balance plus the read's charge, where the balance less it (or before it) is right.
    if (cost.unit_type !== "premium_record" || typeof cost.balance !== "number") return;
    if (typeof cost.credits_charged === "number") cost.balance += 2 * cost.credits_charged;
  }),
  "resolve-limit-one-empty": onEnvelope((body, cost, ctx) => {
    // A page of one that says truncated is a page cut at limit 1: sent empty, as not cut.
    if (ctx.operation !== "resolve" || !Array.isArray(body.data) || body.data.length !== 1) return;
    if (body.truncated !== true) return;
    Object.assign(body, { data: [], entities: [], truncated: false, next_hint: null });
    cost.units = 0;
  }),
  "resets-day-in-past": (reply, ctx) => {
    const credential = ctx.operation === "me" && isObj(reply.body) ? reply.body.credential : undefined;
    if (!isObj(credential) || !isObj(credential.resets) || typeof credential.resets.day !== "string")
      return reply;
    // The next midnight less two days: the midnight before the last one.
    credential.resets.day = new Date(Date.parse(credential.resets.day) - 2 * 86_400_000).toISOString();
    return reply;
  },
  "alt-drops-warnings": onEnvelope((body, _cost, ctx) => {
    if (ctx.base === "api/v1") delete body.warnings;
  }),
  "alt-401-without-challenge": (reply, ctx) => {
    if (ctx.base !== "api/v1" || reply.status !== 401) return reply;
    const { "www-authenticate": _dropped, ...headers } = reply.headers;
    return { ...reply, headers };
  },
  "alt-405-as-404": (reply, ctx) =>
    ctx.base === "api/v1" && reply.status === 405
      ? { status: 404, headers: {}, body: { error: { code: "not_found" } } }
      : reply,
  "alt-errors-text-plain": (reply, ctx) =>
    ctx.base === "api/v1" && reply.status >= 400
      ? { ...reply, headers: { ...reply.headers, "content-type": "text/plain; charset=utf-8" } }
      : reply,
  "validation-500-message": onStatus(400, (reply) => ({
    ...reply,
    status: 500,
    body: { message: "Internal Server Error: validation failed" },
  })),
  "error-without-code": onStatus(400, (reply) => {
    const body = reply.body;
    if (isObj(body) && isObj(body.error)) delete body.error.code;
    return reply;
  }),
  "plan-required-empty-tier": onStatus(403, (reply) => {
    const body = reply.body;
    if (isObj(body) && isObj(body.error) && body.error.code === "plan_required")
      body.error.required_tier = "";
    return reply;
  }),
  "retry-after-missing": onStatus(429, (reply) => {
    delete reply.headers["retry-after"];
    return reply;
  }),
  "retry-after-fractional": onStatus(429, (reply) => {
    reply.headers["retry-after"] = "1.5";
    return reply;
  }),
  "challenge-without-resource-metadata": onStatus(401, (reply) => {
    if (reply.headers["www-authenticate"] !== undefined) reply.headers["www-authenticate"] = "Bearer";
    return reply;
  }),
  "challenge-metadata-not-url": onStatus(401, (reply) => {
    const challenge = reply.headers["www-authenticate"];
    if (challenge !== undefined)
      reply.headers["www-authenticate"] = challenge.replace(
        /resource_metadata="[^"]*"/,
        'resource_metadata="undefined"',
      );
    return reply;
  }),
  "subunits-without-legacy-names": onEnvelope((body) => {
    const ext = isObj(body.data) && isObj(body.data.extensions) ? body.data.extensions : undefined;
    if (!ext || !isObj(ext.subunits)) return;
    // Copies without the legacy names: the elements may be the graph's own cached objects.
    const legacy = new Set([
      "industry_code",
      "industry_description",
      "address_street",
      "address_postal_code",
    ]);
    ext.subunits = Object.fromEntries(
      Object.entries(ext.subunits).map(([nr, list]) => [
        nr,
        Array.isArray(list)
          ? list.map((s: unknown) =>
              isObj(s) ? Object.fromEntries(Object.entries(s).filter(([k]) => !legacy.has(k))) : s,
            )
          : list,
      ]),
    );
  }),
  "subunit-id-of-main-unit": onEnvelope((body) => {
    const ext = isObj(body.data) && isObj(body.data.extensions) ? body.data.extensions : undefined;
    if (!ext || !isObj(ext.subunits)) return;
    // Copies: the elements may be the graph's own cached objects.
    ext.subunits = Object.fromEntries(
      Object.entries(ext.subunits).map(([nr, list]) => [
        nr,
        Array.isArray(list) ? list.map((s: unknown) => (isObj(s) ? { ...s, id: `cb:org:${nr}` } : s)) : list,
      ]),
    );
  }),
  "method-not-allowed-without-allow": onStatus(405, (reply) => {
    delete reply.headers.allow;
    return reply;
  }),
  "content-type-html": onStatus(200, (reply) => {
    reply.headers["content-type"] = "text/html";
    return reply;
  }),
  "stated-routes-404": (reply, ctx) =>
    STATED.has(ctx.operation) ? { status: 404, headers: {}, body: { error: { code: "not_found" } } } : reply,
};

/** The reply interceptor of a server started with these seeded bugs on (applied in order), or null. */
export function replyBendOf(mutations: readonly MutationId[]): ReplyBend | null {
  const bends = mutations.map((id) => REPLY_BENDS[id]).filter((b) => b !== undefined);
  if (bends.length <= 1) return bends[0] ?? null;
  return (reply, ctx) => bends.reduce((bent, bend) => bend(bent, ctx), reply);
}
