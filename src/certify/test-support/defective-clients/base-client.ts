/**
 * A small certification client with switchable defects, for proving that each rule catches its own defect.
 * With no defect switched on it does the job correctly (sequential, Retry-After, 503 retry, stop on fatal).
 * Deliberately independent of `CbClient`, so the defects cannot leak into the reference client. `Readings`
 * switch between choices the interface leaves open: a client with one of them on is still correct.
 */
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { formatLines, linesForFailedChunk, linesForServedChunk } from "../../job-lines.js";
import { httpCall } from "./http-call.js";
import { postBurst } from "./raw-burst.js";

/** Each switch is one defect; a defective client turns on exactly one. */
export interface Defects {
  parallel?: boolean;
  ignoreRetryAfter?: boolean;
  retryAfterFatal?: boolean;
  batchSize?: number;
  logKey?: boolean;
  fetchTwice?: boolean;
  giveUpOn503?: boolean;
  dropData?: boolean;
  resend400?: boolean;
  extraBodyProperty?: boolean;
  /** Not a defect: stops (exit 1) after this many calls, to leave a later fault unreached. */
  stopAfterCalls?: number;
}

/** Choices the interface leaves open; each must still be certified. */
export interface Readings {
  /** Exit with this code when ids were written as failed ("done with errors"); default 0. */
  exitCodeAfterFailures?: number;
  /** GET /me before the job, /capabilities alongside the first batch call, and GET /me after a 402 or 403. */
  accountCalls?: boolean;
  /** Wait this long before the first 503 retry, doubling after each (default 200 ms, fixed). */
  backoff503Ms?: number;
  /** Retry a 503 with the ids in reverse order and the defaults spelled out (the same request to the server). */
  respell503Retry?: boolean;
}

class Stop extends Error {}

function parseJson(text: string): { error?: { code?: string } } {
  try {
    return JSON.parse(text) as { error?: { code?: string } };
  } catch {
    return {};
  }
}

/** Runs the certification job with the given defects and sets the exit code. */
export async function runDefectiveClient(defects: Defects, readings: Readings = {}): Promise<void> {
  const env = (name: string) => process.env[name] ?? "";
  const key = env("CB_API_KEY");
  const ids = readFileSync(env("CB_IDS_FILE"), "utf8").split("\n").filter(Boolean);
  const extend = JSON.parse(env("CB_EXTEND")) as string[];
  const output = env("CB_OUTPUT_FILE");
  writeFileSync(output, "");
  if (defects.logKey) process.stderr.write(`debug: using key ${key}\n`);
  const size = defects.batchSize ?? (extend.length === 4 ? 50 : 100);
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += size) chunks.push(ids.slice(i, i + size));

  const get = (path: string) =>
    httpCall("GET", `${env("CB_BASE_URL")}${path}`, { authorization: `Bearer ${key}` });

  let calls = 0;
  let failedIds = 0;
  const bodyOf = (chunk: string[], respelled = false) => {
    const body: Record<string, unknown> = respelled
      ? { dataset: "basic", include: [], extend, ids: [...chunk].reverse() }
      : { ids: chunk, extend };
    if (defects.extraBodyProperty) body.client_version = "1.0";
    return body;
  };
  type Answer = { status: number; retryAfter: number; json: { error?: { code?: string } } };
  // Set on a fatal answer: chunks still running in parallel make no further call (that is another defect).
  let fatalSeen = false;
  const post = async (chunk: string[], respelled = false): Promise<Answer> => {
    if (fatalSeen) throw new Stop("another call got a fatal answer");
    if (defects.stopAfterCalls !== undefined && calls >= defects.stopAfterCalls)
      throw new Stop("stopping early");
    calls += 1;
    const body = bodyOf(chunk, respelled);
    const res = await httpCall(
      "POST",
      `${env("CB_BASE_URL")}/entities/batch`,
      { authorization: `Bearer ${key}`, "content-type": "application/json" },
      JSON.stringify(body),
    );
    return { status: res.status, retryAfter: Number(res.retryAfter ?? "1"), json: res.json };
  };

  let fatalRetried = false;
  const fetchChunk = async (chunk: string[], firstAnswer?: Answer) => {
    let tries503 = 0;
    let resent400 = false;
    let first = firstAnswer;
    for (;;) {
      const res = first ?? (await post(chunk, readings.respell503Retry === true && tries503 > 0));
      first = undefined;
      const code = res.json.error?.code ?? "?";
      if (res.status === 200) {
        const lines = linesForServedChunk(chunk, res.json, extend);
        const dropped = defects.dropData ? lines.findIndex((l) => "node" in l) : -1;
        if (dropped >= 0) lines.splice(dropped, 1);
        appendFileSync(output, formatLines(lines));
        return;
      }
      if (res.status === 429) {
        if (defects.ignoreRetryAfter) continue;
        if (res.retryAfter > 300) throw new Stop(`429 ${code}: Retry-After ${res.retryAfter} s is too long`);
        // Sleep until the deadline by the wall clock: a bare timer can fire a little early under load.
        const until = Date.now() + res.retryAfter * 1000;
        while (Date.now() < until) await sleep(until - Date.now());
        continue;
      }
      if (res.status === 503 && !defects.giveUpOn503 && tries503 < 3) {
        tries503 += 1;
        await sleep(readings.backoff503Ms === undefined ? 200 : readings.backoff503Ms * 2 ** (tries503 - 1));
        continue;
      }
      if (res.status === 401 || res.status === 402 || res.status === 403) {
        if (defects.retryAfterFatal && !fatalRetried) {
          fatalRetried = true;
          continue;
        }
        fatalSeen = true;
        if (readings.accountCalls && res.status !== 401) {
          // A moment later, as a client that first logs the refusal would: not a call already in flight.
          await sleep(300);
          const me = await get("/me");
          throw new Stop(`${res.status} ${code}; /me says credits ${String(me.json.credits)}`);
        }
        throw new Stop(`${res.status} ${code}`);
      }
      if (res.status === 400 && defects.resend400 && !resent400) {
        resent400 = true;
        continue;
      }
      appendFileSync(output, formatLines(linesForFailedChunk(chunk, res.status, code)));
      failedIds += chunk.length;
      return;
    }
  };

  try {
    if (readings.accountCalls) {
      const me = await get("/me");
      if (me.status !== 200 || me.json.api_access !== true) throw new Stop(`/me answered ${me.status}`);
      // Not awaited before the job: /capabilities is still open while the first batch call goes out.
      void get("/capabilities").catch(() => undefined);
    }
    if (defects.parallel) {
      // The first calls leave as one burst that reaches the server together; retries go on in parallel.
      calls += chunks.length;
      const answers = await postBurst(
        new URL(`${env("CB_BASE_URL")}/entities/batch`),
        { authorization: `Bearer ${key}`, "content-type": "application/json" },
        chunks.map((chunk) => JSON.stringify(bodyOf(chunk))),
      );
      await Promise.all(
        chunks.map((chunk, i) =>
          fetchChunk(chunk, {
            status: answers[i].status,
            retryAfter: Number(answers[i].headers["retry-after"] ?? "1"),
            json: parseJson(answers[i].body),
          }),
        ),
      );
    } else for (const chunk of chunks) await fetchChunk(chunk);
    if (defects.fetchTwice && chunks[0]) await post(chunks[0]);
    process.exitCode = failedIds > 0 ? (readings.exitCodeAfterFailures ?? 0) : 0;
    if (failedIds > 0) process.stderr.write(`done with errors: ${failedIds} id(s) failed\n`);
  } catch (err) {
    process.stderr.write(`stopping: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}
