/**
 * The three oracles of the input space (src/verdicts/input.ts), as pure judges of one exchange and the class
 * its request has. What every class shares: no 5xx other than 503 (the contract's "retry later"), and every
 * error body is the contract's; a request without an answer within the timeout fails the runner's own
 * verdict, `transport.response_received`, and is no verdict here (the row says inconclusive). Answers that depend on the key, the plan,
 * the credits or the limits, not on the request (401, 402, 403, 429, 503), are the contract's answers for any
 * class: no oracle fails them (the runner stops on 401/402/403, waits out 429, and other verdicts judge them).
 */
import type { Problem } from "../../checks/check.js";
import { validateAs } from "../../contract/registry.js";
import type { InputClass } from "../../contract/request-class.js";
import type { Exchange } from "../../transport/exchange.js";
import { INPUT } from "../../verdicts/input.js";
import type { Verdict } from "../../vocabulary/verdict.js";

/** Answers of the Errors table that depend on the account, not on the request. */
const ACCOUNT_ANSWERS = new Set([401, 402, 403, 429, 503]);

/**
 * A body above this many bytes may be above the operation's size limit, which the contract does not show:
 * a 413 to it is the contract's answer even for a valid request. Every valid request of plain ASCII (100 ids
 * of 300 characters and every other parameter) fits well below it.
 */
export const BODY_LIMIT_LEEWAY = 64 * 1024;

/** What the oracle knows of the request besides the exchange. */
export interface JudgedInput {
  class: InputClass;
  /** What the request probes, for the failure text (`query "a" at minLength 1`). */
  what: string;
  /** The status an invalid request must get (400, or 413 for a body above the limit). */
  expectStatus?: 400 | 413;
}

/** The verdict of a class. */
export function oracleOf(cls: InputClass): Verdict {
  return cls === "valid"
    ? INPUT.validAccepted
    : cls === "invalid"
      ? INPUT.invalidRejected
      : INPUT.openBounded;
}

/** The problems of one exchange under the oracle of its class; empty when it passes. */
export function judgeInput(exchange: Exchange, input: JudgedInput): Problem[] {
  const res = exchange.response;
  if (!res) return [];
  const problems = errorBodyProblems(exchange);
  if (ACCOUNT_ANSWERS.has(res.status)) return problems;
  if (!allowed(exchange, input).includes(res.status)) {
    problems.unshift({
      title: `${input.class} request answered ${res.status}: ${input.what}`,
      pointer: "/status",
      expected: expectedOf(input),
      received: receivedOf(exchange),
    });
  } else if (input.class === "invalid" && res.status === 400) {
    const code = errorCode(exchange);
    if (code !== "invalid_arguments") {
      problems.unshift({
        title: `invalid request refused with code ${JSON.stringify(code)}: ${input.what}`,
        pointer: "/error/code",
        expected: "invalid_arguments",
        received: JSON.stringify(code),
      });
    }
  }
  return problems;
}

/** The statuses the contract gives a request of this class (besides the account answers). */
function allowed(exchange: Exchange, input: JudgedInput): number[] {
  if (input.class === "invalid") return [input.expectStatus ?? 400];
  if (input.class === "open") return [200, 400];
  const bodyBytes = Buffer.byteLength(exchange.request.body ?? "");
  return bodyBytes > BODY_LIMIT_LEEWAY ? [200, 413] : [200];
}

function expectedOf(input: JudgedInput): string {
  if (input.class === "invalid") {
    return input.expectStatus === 413 ? "413 (a body above the operation limit)" : "400 invalid_arguments";
  }
  if (input.class === "open")
    return "200, or 400 with the error body (the contract neither allows nor forbids it)";
  return "200 (the request keeps every rule the contract states)";
}

function errorCode(exchange: Exchange): unknown {
  return (exchange.response?.json as { error?: { code?: unknown } } | undefined)?.error?.code;
}

function receivedOf(exchange: Exchange): string {
  const status = exchange.response?.status;
  const code = errorCode(exchange);
  return code === undefined ? String(status) : `${status} ${JSON.stringify(code)}`;
}

/** An error status without the contract's error body. */
function errorBodyProblems(exchange: Exchange): Problem[] {
  const res = exchange.response;
  if (!res || res.status < 400) return [];
  if (res.json === undefined) {
    return [
      {
        title: `status ${res.status} without a JSON error body`,
        expected: "the error body of the contract",
        received: res.bodyError ?? "no JSON body",
      },
    ];
  }
  return validateAs("error", res.json)
    .slice(0, 3)
    .map((v) => ({
      title: `error body: ${v.message}`,
      pointer: v.pointer,
      expected: "the error body of the contract",
      received: v.keyword,
    }));
}
