import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseOutputText } from "../output-file.js";
import { call, clientRun, fault, noOutput, servedBody } from "../test-support/trace-builder.js";
import { batch50WithAllExtensions } from "./batch-50-with-all-extensions.js";
import { batchIds1To100 } from "./batch-ids-1-to-100.js";
import { bodyContractProperties } from "./body-contract-properties.js";
import { fetchOnce } from "./fetch-once.js";
import { jobDoneInTime } from "./job-done-in-time.js";
import { keyNotLogged } from "./key-not-logged.js";
import { noResend400 } from "./no-resend-400.js";
import { outputDelivered } from "./output-delivered.js";
import { outputMissingReported } from "./output-missing-reported.js";
import { retry503SameRequest } from "./retry-503-same-request.js";
import { sequentialCalls } from "./sequential-calls.js";
import { stopOnFatal } from "./stop-on-fatal.js";
import { waitRetryAfter } from "./wait-retry-after.js";

const ALL_FOUR = ["financial_history", "subunits", "web_identities", "group_parent"];
const limited = (n: number, start: number, end: number, retryAfter: string) =>
  call(n, start, end, { status: 429, responseHeaders: { "retry-after": retryAfter } });

describe("client.wait_retry_after", () => {
  it("passes when the next call starts after Retry-After and fails with the gap as evidence when sooner", () => {
    const ok = waitRetryAfter.grade(
      [call(1, 0, 10), limited(2, 20, 30, "2"), call(3, 2040, 2050)],
      noOutput,
      clientRun(),
    );
    expect(ok.status).toBe("pass");
    const early = waitRetryAfter.grade([limited(2, 20, 30, "2"), call(3, 430, 440)], noOutput, clientRun());
    expect(early).toEqual({
      status: "fail",
      evidence: ["call 3 (POST /v1/entities/batch) started 0.40 s after a 429 with Retry-After: 2 (call 2)"],
    });
  });

  it("is inconclusive when the planned 429 was never reached, and skipped when none was planned", () => {
    const run = clientRun({
      plannedFaults: [fault(429, "volume_limit")],
      pendingFaults: [fault(429, "volume_limit")],
    });
    expect(waitRetryAfter.grade([call(1, 0, 10)], noOutput, run).status).toBe("inconclusive");
    expect(waitRetryAfter.grade([call(1, 0, 10)], noOutput, clientRun()).status).toBe("skip");
  });

  it("passes when no call follows a long Retry-After", () => {
    const result = waitRetryAfter.grade([limited(2, 20, 30, "3660")], noOutput, clientRun({ exitCode: 1 }));
    expect(result.status).toBe("pass");
    expect(result.evidence[0]).toContain("no call after the 429 of call 2 (Retry-After: 3660)");
  });
});

describe("client.sequential_calls", () => {
  it("never fails a trace of calls that do not overlap, always fails one with an overlap", () => {
    const gaps = fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 50 })), {
      minLength: 2,
      maxLength: 8,
    });
    fc.assert(
      fc.property(gaps, fc.nat(), (pairs, pick) => {
        let t = 0;
        const trace = pairs.map(([gap, length], i) => {
          t += gap;
          const entry = call(i + 1, t, t + length);
          t += length;
          return entry;
        });
        expect(sequentialCalls.grade(trace, noOutput, clientRun()).status).toBe("pass");
        const i = 1 + (pick % (trace.length - 1));
        const overlapping = trace.map((e, j) =>
          j === i ? { ...e, startedAt: trace[i - 1].endedAt - 2 } : e,
        );
        expect(sequentialCalls.grade(overlapping, noOutput, clientRun()).status).toBe("fail");
      }),
    );
  });
});

describe("client.stop_on_fatal", () => {
  const fatal = (n: number, s: number, e: number) =>
    call(n, s, e, { status: 402, responseBody: '{"error":{"code":"credits_exhausted"}}' });

  it("fails on a call after the fatal answer, and on exit 0", () => {
    expect(
      stopOnFatal.grade([fatal(1, 0, 10), call(2, 400, 410)], noOutput, clientRun({ exitCode: 1 })).status,
    ).toBe("fail");
    expect(stopOnFatal.grade([fatal(1, 0, 10)], noOutput, clientRun({ exitCode: 0 })).status).toBe("fail");
    expect(stopOnFatal.grade([fatal(1, 0, 10)], noOutput, clientRun({ exitCode: 1 })).status).toBe("pass");
  });

  it("takes calls of a parallel burst arriving late as in flight, but never a retry of the same request", () => {
    const burst = [fatal(1, 0, 80), call(2, 79, 160), call(3, 150, 230)];
    const result = stopOnFatal.grade(burst, noOutput, clientRun({ exitCode: 1 }));
    expect(result.status).toBe("pass");
    expect(result.evidence[0]).toContain("taken as already in flight");
    const retry = { ...call(4, 85, 100), body: burst[0].body };
    expect(stopOnFatal.grade([...burst, retry], noOutput, clientRun({ exitCode: 1 })).status).toBe("fail");
  });
});

describe("client.no_resend_400 and client.retry_503_same_request", () => {
  const body = JSON.stringify({ ids: ["cb:org:900000001"], extend: ["subunits"] });
  const reordered = JSON.stringify({ extend: ["subunits"], ids: ["cb:org:900000001"] });

  it("treats a JSON body with keys reordered as the same request", () => {
    const trace = [call(1, 0, 10, { status: 400, body }), call(2, 20, 30, { body: reordered })];
    expect(noResend400.grade(trace, noOutput, clientRun()).status).toBe("fail");
    expect(
      retry503SameRequest.grade(
        trace.map((e, i) => (i === 0 ? { ...e, status: 503 } : e)),
        noOutput,
        clientRun(),
      ).status,
    ).toBe("pass");
  });

  it("passes a changed request after 400 and fails a 503 never sent again", () => {
    const trace = [call(1, 0, 10, { status: 400, body }), call(2, 20, 30)];
    expect(noResend400.grade(trace, noOutput, clientRun()).status).toBe("pass");
    expect(
      retry503SameRequest.grade([{ ...trace[0], status: 503 }, trace[1]], noOutput, clientRun()).status,
    ).toBe("fail");
  });
});

describe("batch size and body rules", () => {
  const batch = (ids: number, extend: string[], extra = {}) =>
    call(1, 0, 10, {
      body: JSON.stringify({
        ids: Array.from({ length: ids }, (_, i) => `cb:org:${900000000 + i}`),
        extend,
        ...extra,
      }),
    });

  it("limits ids to 1–100, and to 50 with all four extensions (over 100 is the other rule's)", () => {
    expect(batchIds1To100.grade([batch(100, ALL_FOUR)], noOutput, clientRun()).status).toBe("pass");
    expect(batchIds1To100.grade([batch(101, [])], noOutput, clientRun()).status).toBe("fail");
    expect(batch50WithAllExtensions.grade([batch(51, ALL_FOUR)], noOutput, clientRun()).status).toBe("fail");
    expect(batch50WithAllExtensions.grade([batch(101, ALL_FOUR)], noOutput, clientRun()).status).toBe("pass");
    expect(
      batch50WithAllExtensions.grade([batch(100, ALL_FOUR.slice(1))], noOutput, clientRun()).status,
    ).toBe("skip");
  });

  it("allows only the contract's body properties", () => {
    expect(
      bodyContractProperties.grade([batch(1, [], { dataset: "basic" })], noOutput, clientRun()).status,
    ).toBe("pass");
    expect(bodyContractProperties.grade([batch(1, [], { page: 2 })], noOutput, clientRun()).status).toBe(
      "fail",
    );
  });
});

describe("output rules", () => {
  const a = "cb:org:900000001";
  const b = "cb:org:900000002";
  const gone = "cb:org:100000000";
  const trace = [
    call(1, 0, 10, {
      body: JSON.stringify({ ids: [a, b, gone] }),
      responseBody: servedBody([{ id: a }, { id: b }], [gone]),
    }),
  ];
  const run = clientRun({ requestedIds: [a, b, gone] });
  const line = (id: string, name = "A") =>
    JSON.stringify({ id, node: { id, type: "org", name, payload: {} }, extensions: {} });
  const missingLine = JSON.stringify({ id: gone, missing: true });

  it("passes complete output and fails a changed node, a duplicate, or a lost id", () => {
    const good = parseOutputText([line(a), line(b), missingLine].join("\n"));
    expect(outputDelivered.grade(trace, good, run).status).toBe("pass");
    expect(outputMissingReported.grade(trace, good, run).status).toBe("pass");
    expect(
      outputDelivered.grade(trace, parseOutputText([line(a, "B"), line(b)].join("\n")), run).status,
    ).toBe("fail");
    expect(
      outputDelivered.grade(trace, parseOutputText([line(a), line(a), line(b)].join("\n")), run).status,
    ).toBe("fail");
    expect(outputDelivered.grade(trace, parseOutputText(line(a)), run).status).toBe("fail");
    expect(outputMissingReported.grade(trace, parseOutputText(line(a)), run).status).toBe("fail");
  });

  it("accepts `failed` only for ids whose call got an error", () => {
    const failedLine = (id: string) =>
      JSON.stringify({ id, failed: true, status: 400, code: "invalid_arguments" });
    const refused = [call(1, 0, 10, { status: 400, body: JSON.stringify({ ids: [a] }) })];
    const runA = clientRun({ requestedIds: [a] });
    expect(outputDelivered.grade(refused, parseOutputText(failedLine(a)), runA).status).toBe("pass");
    expect(outputDelivered.grade([], parseOutputText(failedLine(a)), runA).status).toBe("fail");
  });

  it("client.fetch_once fails an id delivered by two calls", () => {
    expect(fetchOnce.grade([...trace, { ...trace[0], n: 2 }], noOutput, run).status).toBe("fail");
    expect(fetchOnce.grade(trace, noOutput, run).status).toBe("pass");
  });
});

describe("client.key_not_logged", () => {
  it("finds the key raw or percent-encoded, and says where", () => {
    const run = clientRun({ apiKey: "k/ey+1234", stdout: "ok\nusing k%2Fey%2B1234\n" });
    expect(keyNotLogged.grade([], noOutput, run)).toEqual({
      status: "fail",
      evidence: ["the key appeared in stdout on line(s) 2"],
    });
    expect(keyNotLogged.grade([], noOutput, clientRun({ stdout: "fine" })).status).toBe("pass");
  });

  it("finds the key base64-encoded", () => {
    const key = "test-key-1234567890";
    const run = clientRun({ apiKey: key, stderr: `auth ${Buffer.from(key).toString("base64")}\n` });
    expect(keyNotLogged.grade([], noOutput, run).status).toBe("fail");
  });
});

describe("readings the interface leaves open", () => {
  const a = "cb:org:900000001";
  const b = "cb:org:900000002";
  const failedLine = (id: string) =>
    JSON.stringify({ id, failed: true, status: 400, code: "invalid_arguments" });
  const node = (id: string) =>
    JSON.stringify({ id, node: { id, type: "org", name: "A", payload: {} }, extensions: {} });
  const trace = [
    call(1, 0, 10, { body: JSON.stringify({ ids: [a] }), responseBody: servedBody([{ id: a }]) }),
    call(2, 20, 30, { status: 400, body: JSON.stringify({ ids: [b] }) }),
  ];
  const run = (exitCode: number | null, extra = {}) =>
    clientRun({ requestedIds: [a, b], exitCode, ...extra });
  const me = (n: number, start: number, end: number, operation: "me" | "capabilities" = "me") =>
    call(n, start, end, { method: "GET", url: `/v1/${operation}`, operation, body: "" });

  it("client.job_done_in_time: exit 0, or any non-zero exit after ids were written failed; never a timeout", () => {
    const withFailures = parseOutputText([node(a), failedLine(b)].join("\n"));
    expect(jobDoneInTime.grade(trace, withFailures, run(0)).status).toBe("pass");
    const doneWithErrors = jobDoneInTime.grade(trace, withFailures, run(3));
    expect(doneWithErrors.status).toBe("pass");
    expect(doneWithErrors.evidence[0]).toContain("done with errors");
    expect(jobDoneInTime.grade(trace, parseOutputText(node(a)), run(3)).status).toBe("fail");
    expect(jobDoneInTime.grade(trace, withFailures, run(null)).status).toBe("fail");
    expect(jobDoneInTime.grade(trace, withFailures, run(3, { timedOut: true })).status).toBe("fail");
    expect(jobDoneInTime.grade(trace, noOutput, run(1, { expectsStop: true })).status).toBe("skip");
  });

  it("client.output_delivered: nothing lost once the client says done, with or without errors; not after a stop", () => {
    const lost = parseOutputText(failedLine(b));
    const onlyA = clientRun({ requestedIds: [a, b, "cb:org:900000003"] });
    expect(
      outputDelivered.grade(trace, parseOutputText([node(a), failedLine(b)].join("\n")), run(3)).status,
    ).toBe("pass");
    expect(outputDelivered.grade(trace, lost, run(3)).status).toBe("fail");
    const unfetched = parseOutputText([node(a), failedLine(b)].join("\n"));
    expect(outputDelivered.grade(trace, unfetched, { ...onlyA, exitCode: 3 }).status).toBe("fail");
    expect(outputDelivered.grade(trace, unfetched, { ...onlyA, exitCode: 0, expectsStop: true }).status).toBe(
      "pass",
    );
  });

  it("client.stop_on_fatal: /me or /capabilities after 402/403 is not graded; after 401 it is; data calls always", () => {
    const refused = (status: number) => call(1, 0, 10, { status, responseBody: '{"error":{"code":"x"}}' });
    for (const status of [402, 403]) {
      const result = stopOnFatal.grade(
        [refused(status), me(2, 30, 40), me(3, 50, 60, "capabilities")],
        noOutput,
        run(1),
      );
      expect(result.status).toBe("pass");
      expect(result.evidence.join(" ")).toContain("not graded");
      expect(
        stopOnFatal.grade([refused(status), me(2, 30, 40), call(3, 50, 60)], noOutput, run(1)).status,
      ).toBe("fail");
    }
    expect(stopOnFatal.grade([refused(401), me(2, 30, 40)], noOutput, run(1)).status).toBe("fail");
  });

  it("client.sequential_calls: grades batch calls only (/me and /capabilities in parallel at start-up are fine)", () => {
    const startUp = [me(1, 0, 80), me(2, 1, 81, "capabilities"), call(3, 90, 170), call(4, 175, 250)];
    expect(sequentialCalls.grade(startUp, noOutput, run(0)).status).toBe("pass");
    const meDuringBatch = [call(1, 0, 80), me(2, 10, 90), call(3, 95, 170)];
    expect(sequentialCalls.grade(meDuringBatch, noOutput, run(0)).status).toBe("pass");
    expect(sequentialCalls.grade([call(1, 0, 80), call(2, 40, 120)], noOutput, run(0)).status).toBe("fail");
  });

  it("the same request: id order and contract defaults make no difference (a 503 retry passes, a 400 resend fails)", () => {
    const first = JSON.stringify({ ids: [a, b], extend: ["subunits", "group_parent"] });
    const same = JSON.stringify({
      dataset: "basic",
      include: [],
      ids: [b, a],
      extend: ["group_parent", "subunits"],
    });
    const changed = JSON.stringify({ ids: [a], extend: ["subunits", "group_parent"] });
    const answered = (status: number, body: string) => call(1, 0, 10, { status, body });
    expect(
      retry503SameRequest.grade([answered(503, first), call(2, 20, 30, { body: same })], noOutput, run(0))
        .status,
    ).toBe("pass");
    expect(
      noResend400.grade([answered(400, first), call(2, 20, 30, { body: same })], noOutput, run(0)).status,
    ).toBe("fail");
    expect(
      noResend400.grade([answered(400, first), call(2, 20, 30, { body: changed })], noOutput, run(0)).status,
    ).toBe("pass");
    expect(
      retry503SameRequest.grade([answered(503, first), call(2, 20, 30, { body: changed })], noOutput, run(0))
        .status,
    ).toBe("fail");
  });

  it("client.retry_503_same_request: any wait before the retry passes (the contract names none)", () => {
    const body = JSON.stringify({ ids: [a] });
    for (const gap of [1, 200, 1_000, 7_500]) {
      const retried = [call(1, 0, 10, { status: 503, body }), call(2, 10 + gap, 20 + gap, { body })];
      expect(retry503SameRequest.grade(retried, noOutput, run(0)).status).toBe("pass");
    }
  });
});
