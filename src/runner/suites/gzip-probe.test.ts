/**
 * Content codings in suite `http`: the reference server (which honours `Accept-Encoding: gzip`) passes, a
 * proxy that answers the gzip probe uncoded passes too (both readings of RFC 9110 §12.5.3), and proxies that
 * answer it with a corrupt gzip stream, a gzip bomb or a coding nobody asked for fail, and so does one that codes
 * gzip for `gzip; q=0` and `identity;q=1` (weights and lists unread) — real servers on port 0.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import type { CheckResult } from "../../report/model.js";
import { startServer } from "../../server/index.js";
import type { RunningServer } from "../../server/types.js";
import { resolveRunOptions } from "../options.js";
import { runConformance } from "../run-conformance.js";

/** What the proxy answers to a request that accepts gzip; other requests pass through untouched. */
type Mode = "identity" | "corrupt" | "bomb" | "br" | "weights-ignored";

let upstream: RunningServer | undefined;
let proxy: Server | undefined;
afterEach(async () => {
  await new Promise((done) => (proxy ? proxy.close(done) : done(undefined)));
  await upstream?.close();
  proxy = upstream = undefined;
});

/** A proxy in front of `target` (origin), bending the answers to gzip requests as `mode` says. */
async function codingProxy(target: string, mode: Mode): Promise<string> {
  proxy = createServer((req, res) => {
    const field = String(req.headers["accept-encoding"] ?? "");
    // `weights-ignored` codes every answer whose field is not exactly `identity` (weights and lists unread).
    const askedGzip = mode === "weights-ignored" ? field !== "identity" : /gzip/.test(field);
    const headers = { ...req.headers, "accept-encoding": "identity" };
    const out = request(`${target}${req.url}`, { method: req.method, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (c: Buffer) => chunks.push(c));
      answer.on("end", () => {
        const body = Buffer.concat(chunks);
        // Built only for the answer that is sent: the bomb costs ~0.2 s of CPU to compress, and building
        // every mode's body for every call made each proxied run cost ~2 s.
        const coded: Record<Mode, () => [string | undefined, Buffer]> = {
          identity: () => [undefined, body],
          corrupt: () => ["gzip", Buffer.from("this is not a gzip stream")],
          // 32 MiB of spaces after the JSON: valid gzip, decoding past the run's 16 MiB body cap.
          bomb: () => ["gzip", gzipSync(Buffer.concat([body, Buffer.alloc(32 * 1024 * 1024, 0x20)]))],
          br: () => ["br", body],
          "weights-ignored": () => ["gzip", gzipSync(body)],
        };
        const [coding, sent] = askedGzip ? coded[mode]() : [undefined, body];
        const { "content-length": _length, ...rest } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, {
          ...rest,
          "content-length": String(sent.length),
          ...(coding ? { "content-encoding": coding } : {}),
        });
        res.end(sent);
      });
    });
    req.pipe(out);
  });
  await new Promise<void>((done) => proxy?.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1`;
}

/** `cbcheck run --suite http` against the reference server, through a proxy when `mode` is given. */
async function runHttp(mode?: Mode) {
  upstream = await startServer({ rateLimit: 100_000, rateWindowMs: 1000 });
  const baseUrl = mode ? await codingProxy(new URL(upstream.url).origin, mode) : upstream.url;
  const options = resolveRunOptions({
    baseUrl,
    env: { CB_API_KEY: upstream.keys.plus },
    fixtures: upstream.fixtures,
    suites: ["http"],
    seed: 3,
  });
  return (await runConformance(options)).report;
}

const row = (results: CheckResult[], id: string) =>
  results.find((r) => r.id === id && r.operation === "resolve");
const failing = (results: CheckResult[]) => results.filter((r) => r.status === "fail").map((r) => r.id);

describe("suite http: content codings", () => {
  it("passes the reference server, which answers the gzip probe in gzip", async () => {
    const report = await runHttp();
    expect(failing(report.results)).toEqual([]);
    expect(report.verdict).toBe("pass");
    expect(row(report.results, "http.gzip_when_accepted")).toMatchObject({ status: "pass", exchanges: 1 });
    // The probe's gzip answer applies the coding check; every other call asked for identity and got it.
    expect(row(report.results, "http.content_encoding_accepted")).toMatchObject({ status: "pass" });
    expect(row(report.results, "http.json_body")?.status).toBe("pass");
  });

  it("passes a server that answers the gzip probe uncoded", async () => {
    const report = await runHttp("identity");
    expect(failing(report.results)).toEqual([]);
    expect(row(report.results, "http.gzip_when_accepted")?.status).toBe("pass");
    expect(report.results.some((r) => r.id === "http.content_encoding_accepted")).toBe(false);
  });

  it("fails a corrupt gzip stream and a gzip bomb (decoded only up to the body cap)", async () => {
    for (const mode of ["corrupt", "bomb"] as const) {
      const report = await runHttp(mode);
      const probe = row(report.results, "http.gzip_when_accepted");
      expect(probe?.status, mode).toBe("fail");
      expect(probe?.counterexamples[0]?.received, mode).toMatch(
        mode === "bomb" ? /decodes to more than 16777216 bytes/ : /not valid gzip/,
      );
      await new Promise((done) => proxy?.close(done));
      await upstream?.close();
      proxy = upstream = undefined;
    }
  });

  it("fails a coding the probe did not ask for", async () => {
    const report = await runHttp("br");
    expect(failing(report.results)).toEqual(
      expect.arrayContaining(["http.gzip_when_accepted", "http.content_encoding_accepted"]),
    );
  });

  it("fails gzip sent to a request that refused it by weight or by listing only identity", async () => {
    const report = await runHttp("weights-ignored");
    expect(failing(report.results)).toEqual(["http.content_encoding_accepted"]);
    expect(row(report.results, "http.gzip_when_accepted")?.status).toBe("pass");
    const received = row(report.results, "http.content_encoding_accepted")?.counterexamples.map(
      (c) => c.expected,
    );
    expect(received).toEqual(
      expect.arrayContaining([expect.stringMatching(/identity;q=1,/), expect.stringMatching(/gzip; q=0/)]),
    );
  });
});
