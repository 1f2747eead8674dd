/**
 * Turns a profile's mix into a fixed, interleaved list of ready requests: weights decide how often each
 * item comes up, ids come from the target's fixtures (or are generated), and every request is built once
 * so the load generator never rebuilds a request on the hot path.
 */

import type { OperationId, RecordedRequest } from "../transport/exchange.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import type { Expectation, LoadProfile, MixItem } from "./profile.js";
import { mixItemName } from "./profile.js";

/** One request of the mix, ready to send and to judge. */
export interface PreparedRequest {
  /** Mix item name (reports, budgets). */
  name: string;
  operation: OperationId;
  method: "GET" | "POST";
  /** Path relative to the base URL, with query string. */
  path: string;
  body?: string;
  expect: Required<Pick<Expectation, "statuses">> & Expectation;
  /** The request as checks see it (key redacted), shared by every response to it. */
  recorded: RecordedRequest;
}

/** Distinct requests per mix item: enough variety of ids, few enough to keep memory flat. */
const VARIANTS = 16;

/** Where a seed starts the id choices: 0 keeps the first ones; others spread over the sources. */
function seedOffset(seed: number): number {
  return seed === 0 ? 0 : Math.imul(seed, 0x9e3779b1) >>> 1;
}

/**
 * Builds the interleaved request list for a profile against a base URL. `seed` (`--seed`) picks which ids
 * and queries the variants use: the same seed, the same requests, in every process of a split run.
 */
export function buildRequestMix(
  profile: LoadProfile,
  fixtures: TargetFixtures,
  baseUrl: string,
  seed = 0,
): PreparedRequest[] {
  const offset = seedOffset(seed);
  const perItem = profile.mix.map((item, index) => {
    const variants = item.bodyBytes ? 1 : VARIANTS;
    return Array.from({ length: variants }, (_, v) =>
      prepare(item, profile, fixtures, baseUrl, offset + index * 7919 + v),
    );
  });
  return interleave(
    profile.mix.map((m) => m.weight ?? 1),
    perItem,
  );
}

/** Smooth weighted round robin: every item appears `weight` times per cycle, spread out, not in runs. */
function interleave(weights: number[], perItem: PreparedRequest[][]): PreparedRequest[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const current = weights.map(() => 0);
  const next = perItem.map(() => 0);
  const out: PreparedRequest[] = [];
  for (let n = 0; n < total * VARIANTS; n++) {
    let best = 0;
    for (let i = 0; i < weights.length; i++) {
      current[i] += weights[i];
      if (current[i] > current[best]) best = i;
    }
    current[best] -= total;
    const variants = perItem[best];
    out.push(variants[next[best]++ % variants.length]);
  }
  return out;
}

function prepare(
  item: MixItem,
  profile: LoadProfile,
  fixtures: TargetFixtures,
  baseUrl: string,
  variant: number,
): PreparedRequest {
  const expect = { statuses: [200], ...profile.expect, ...item.expect };
  const name = mixItemName(item);
  const query: Record<string, string> = {};
  let path: string;
  let body: string | undefined;
  let method: "GET" | "POST" = "GET";
  if (item.operation === "resolve") {
    const queries = fixtures.resolve_queries.length > 0 ? fixtures.resolve_queries : ["AS"];
    query.query = queries[variant % queries.length];
    path = "/resolve";
  } else if (item.operation === "entity-get") {
    path = `/entities/${encodeURIComponent(pickIds(item, fixtures, variant, 1)[0])}`;
    if (item.extend?.length) query.extend = JSON.stringify(item.extend);
    if (item.include?.length) query.include = JSON.stringify(item.include);
  } else {
    method = "POST";
    path = "/entities/batch";
    const json: Record<string, unknown> = { ids: pickIds(item, fixtures, variant, item.count ?? 1) };
    if (item.extend?.length) json.extend = item.extend;
    if (item.include?.length) json.include = item.include;
    body = JSON.stringify(json);
    // JSON allows trailing whitespace, so padding makes a body oversize without making it invalid.
    if (item.bodyBytes && body.length < item.bodyBytes) body += " ".repeat(item.bodyBytes - body.length);
  }
  const qs = new URLSearchParams(query).toString();
  const fullPath = qs ? `${path}?${qs}` : path;
  const headers: Record<string, string> = { authorization: "Bearer <redacted>", accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  const recorded: RecordedRequest = { method, baseUrl, path, query, headers, body };
  return { name, operation: item.operation, method, path: fullPath, body, expect, recorded };
}

/** Ids for one request: rotating through the fixtures, or generated 9-digit organisation numbers. */
function pickIds(item: MixItem, fixtures: TargetFixtures, variant: number, count: number): string[] {
  const source =
    item.ids === "missing" ? fixtures.missing_ids : item.ids === "generated" ? [] : fixtures.org_ids;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const k = variant * count + i;
    // Identifiers: "cb:org:<org_nr>, where org_nr is exactly 9 digits".
    ids.push(
      source.length > 0
        ? source[k % source.length]
        : `cb:org:${String(900_000_000 + ((k * 7_919) % 99_999_999))}`,
    );
  }
  // A batch of N must hold N distinct ids when it tests the N-id bound; pad with generated ones.
  const unique = [...new Set(ids)];
  for (let k = 0; unique.length < count; k++) unique.push(`cb:org:${String(800_000_000 + k)}`);
  return unique;
}
