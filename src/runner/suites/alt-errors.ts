/**
 * The error and auth paths of the `alt-base-url` suite: a few planned requests that must be refused (no key, a
 * wrong key, one bound case past its bound, an unknown route, a wrong method) sent to both bases, whose status,
 * `error.code` and the headers the contract names must agree. A proxy in front of `/api/v1` can drop a challenge
 * or reroute a method while every 200 body stays equal.
 */

import type { Problem } from "../../checks/check.js";
import { inputCases } from "../../generate/index.js";
import type { Exchange } from "../../transport/exchange.js";
import { ALT } from "../../verdicts/access.js";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";
import type { SuiteContext } from "../suite.js";
import { recordVerdict } from "./expect.js";

/** Headers the contract names on refusals: Authentication 3, Errors (429), "Responses are JSON". */
const NAMED_HEADERS = ["www-authenticate", "retry-after", "content-type"] as const;

/** The refusals compared (10 calls in all): each provokes one error status of the Errors table. */
export function errorPathRequests(ctx: SuiteContext): { name: string; request: PlannedRequest }[] {
  const opts = { allowCredits: ctx.options.allowCredits, maxPairwise: ctx.options.maxPairwise };
  const past400 = inputCases("resolve", ctx.fixtures, opts).find((c) => c.expectStatus === 400);
  return [
    {
      name: "no key",
      request: { operation: "resolve", method: "GET", path: "/resolve", query: { query: "a" }, key: "none" },
    },
    { name: "wrong key", request: { operation: "me", method: "GET", path: "/me", key: "invalid" } },
    ...(past400 ? [{ name: `bound case ${past400.name}`, request: past400.request }] : []),
    { name: "unknown route", request: { operation: "other", method: "GET", path: "/cbcheck-no-such-route" } },
    {
      name: "wrong method",
      request: { operation: "resolve", method: "POST", path: "/resolve", query: { query: "a" } },
    },
  ];
}

const codeOf = (ex: Exchange): unknown =>
  (ex.response?.json as { error?: { code?: unknown } } | undefined)?.error?.code;

/** The media type without parameters, lower-case (`application/json; charset=utf-8` → `application/json`). */
const mediaType = (value: string | undefined): string | undefined =>
  value?.split(";")[0].trim().toLowerCase();

/** Where the alternate base's refusal differs from the base URL's (status, code, named headers). */
export function errorPathProblems(name: string, main: Exchange, alt: Exchange): Problem[] {
  const a = main.response;
  const b = alt.response;
  if (!a || !b) return [];
  if (a.status !== b.status)
    return [
      {
        title: `${name}: status ${a.status} on the base URL, ${b.status} on the alternate`,
        expected: String(a.status),
        received: String(b.status),
      },
    ];
  const problems: Problem[] = [];
  if (codeOf(main) !== codeOf(alt))
    problems.push({
      title: `${name}: error.code differs`,
      pointer: "/error/code",
      expected: JSON.stringify(codeOf(main)),
      received: JSON.stringify(codeOf(alt)),
    });
  for (const header of NAMED_HEADERS) {
    const x = header === "content-type" ? mediaType(a.headers[header]) : a.headers[header] !== undefined;
    const y = header === "content-type" ? mediaType(b.headers[header]) : b.headers[header] !== undefined;
    if (x !== y)
      problems.push({
        title: `${name}: header ${header} differs`,
        pointer: `/headers/${header}`,
        expected: header === "content-type" ? String(x) : x ? "present" : "absent",
        received: header === "content-type" ? String(y) : y ? "present" : "absent",
      });
  }
  return problems;
}

/** Sends each refusal to both bases and records `alt.same_error_response` on the pair. */
export async function compareErrorPaths(ctx: SuiteContext): Promise<void> {
  for (const { name, request } of errorPathRequests(ctx)) {
    if (!ctx.inShard(`alt-error:${name}`)) continue;
    const main = await ctx.send(request);
    const alt = await ctx.send({ ...request, base: "alt" });
    recordVerdict(ctx, ALT.sameErrorResponse, alt, errorPathProblems(name, main, alt));
  }
}
