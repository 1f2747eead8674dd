/**
 * Hostile targets for the CLI's hostile matrix (and bench/hostile.ts): real `node:http` servers on
 * 127.0.0.1, port 0, each breaking one promise an attacker or a broken server would break — echoing the
 * key back, stalling, answering 429 to everything, resetting, redirecting, gzip bombs, deeply nested and
 * very wide JSON, an object of millions of members, a body past the size cap, a body slow to judge — plus a proxy that adds a deep `warnings` field to the reference server's answers.
 */

import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { constants, gzipSync } from "node:zlib";
import { manyKeysBody, SLOW_KEYS } from "../../checks/judge-thread/test-support/bodies.js";
import { echoBody, keyOf } from "../../test-support/echo-target.js";

export { SLOW_KEYS };

/** What a hostile target does with every request. */
export type HostileTargetKind =
  | "echo-key"
  | "escape-sequences"
  | "stall"
  | "all-429"
  | "reset"
  | "redirect"
  | "gzip-bomb"
  | "deep-json"
  | "wide-array"
  | "many-keys"
  | "oversize"
  | "slow-to-judge";

/** A started target; `hits` counts requests, `redirectHits` those that followed a redirect. */
export interface HostileTarget {
  baseUrl: string;
  hits(): number;
  redirectHits(): number;
  close(): Promise<void>;
}

/** Depth of the nested arrays of `deep-json` and the deep-warnings proxy. */
export const DEEP = 100_000;

const deepArray = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

/** Members of the many-keys envelope. */
const MANY_KEYS = 1_700_000;

/** A body past every command's 16 MiB cap (24 MiB of `[0,…]`): reads are cut at the cap. */
const OVERSIZE_BYTES = 24 * 1024 * 1024;

/** The targets whose answer is one large body, the same for every request. */
const LARGE_BODY_KINDS = [
  "gzip-bomb",
  "deep-json",
  "wide-array",
  "many-keys",
  "oversize",
  "slow-to-judge",
] as const;
type LargeBodyKind = (typeof LARGE_BODY_KINDS)[number];

const isLargeBodyKind = (kind: HostileTargetKind): kind is LargeBodyKind =>
  (LARGE_BODY_KINDS as readonly string[]).includes(kind);

/**
 * The large bodies, each built once per process as bytes on first use: building 14–24 MiB of text and
 * encoding it again for every response was most of a hostile target's CPU, in the same processes as the
 * commands under test.
 */
const BODIES = new Map<LargeBodyKind, Buffer>();
function bodyOf(kind: LargeBodyKind): Buffer {
  let body = BODIES.get(kind);
  if (!body) {
    body = buildBody(kind);
    BODIES.set(kind, body);
  }
  return body;
}

function buildBody(kind: LargeBodyKind): Buffer {
  switch (kind) {
    case "gzip-bomb": {
      // 1 GiB of zeros gzipped (about 1 MiB). Concatenated gzip members decode as one stream: 1,024 × 1 MiB.
      // Compressing 1 MiB once rather than 1 GiB gives the same size and ratio at 7 ms of CPU.
      const part = gzipSync(Buffer.alloc(1024 * 1024), { level: constants.Z_BEST_COMPRESSION });
      return Buffer.concat(Array.from({ length: 1024 }, () => part));
    }
    case "deep-json":
      return Buffer.from(deepArray(DEEP));
    case "wide-array":
      // 14 MiB of `{}` items, under the 16 MiB body cap, millions of invalid items to judge.
      return Buffer.from(`[${"{},".repeat((14 * 1024 * 1024) / 3)}{}]`);
    case "oversize":
      return Buffer.from(`[${"0,".repeat(OVERSIZE_BYTES / 2)}0]`);
    case "many-keys":
      return manyKeysBytes();
    case "slow-to-judge":
      // Within every cap (one container, under the body cap), yet seconds of schema checks per response.
      return Buffer.from(manyKeysBody(SLOW_KEYS));
  }
}

/**
 * A 15 MiB envelope whose `data` is one object of 1.7 million members (`"0":0`, `"1":0`, … in base 36):
 * under every size cap, it made V8 abort the whole process when the judging worker parsed it (issue 26);
 * written into one buffer (a third of the CPU of joining 1.7 million strings).
 */
function manyKeysBytes(): Buffer {
  const head = '{"contract":"cb/v1","data":{';
  // Each member is at most 4 base-36 digits, 3 quote and colon bytes, the value and a comma.
  const bytes = Buffer.allocUnsafe(head.length + MANY_KEYS * 9 + 2);
  let at = bytes.write(head, 0, "latin1");
  const [comma, quote, colon, zero] = Buffer.from(',":0', "latin1");
  for (let i = 0; i < MANY_KEYS; i++) {
    if (i > 0) bytes[at++] = comma;
    bytes[at++] = quote;
    at += bytes.write(i.toString(36), at, "latin1");
    bytes[at++] = quote;
    bytes[at++] = colon;
    bytes[at++] = zero;
  }
  at += bytes.write("}}", at, "latin1");
  return bytes.subarray(0, at);
}

/** The many-keys envelope (hostile-cases.ts writes it to a file for `validate`). */
export const manyKeysEnvelope = (): Buffer => bodyOf("many-keys");

/** A screen clear, a window title (OSC 0), a hyperlink (OSC 8), a C1 CSI, a bidi override; then every byte. */
export const ESCAPES =
  '{"contract":"cb/v1","x":"\x1b[2J\x1b[H\x1b]0;pwned\x07\x1b]8;;http://evil.example/\x1b\\click\x1b]8;;\x1b\\\u009b31m\u202e"} ';

function respond(kind: HostileTargetKind, req: IncomingMessage, res: ServerResponse, socket: Socket): void {
  const json = { "content-type": "application/json" };
  switch (kind) {
    case "echo-key":
      // The key in every form of the shared echoing target (src/test-support/echo-target.ts).
      res.writeHead(200, { ...json, "x-echo": req.headers.authorization ?? "" });
      res.end(echoBody(keyOf(req.headers.authorization)));
      return;
    case "escape-sequences":
      res.writeHead(200, json);
      res.end(Buffer.concat([Buffer.from(ESCAPES), Buffer.from(Array.from({ length: 256 }, (_, i) => i))]));
      return;
    case "stall":
      return;
    case "all-429":
      res.writeHead(429, { ...json, "retry-after": "1" });
      res.end(JSON.stringify({ error: { code: "volume_limit" } }));
      return;
    case "reset":
      socket.destroy();
      return;
    case "redirect":
      res.writeHead(302, { location: `/trap${req.url ?? "/"}` }).end();
      return;
    case "gzip-bomb":
      // Content-Encoding the client never asked for, 1 GiB once decompressed.
      res.writeHead(200, { ...json, "content-encoding": "gzip" }).end(bodyOf(kind));
      return;
    case "slow-to-judge":
      // /me gets a small answer, so that a run's time goes to judging its data calls.
      if (req.url?.startsWith("/v1/me")) res.writeHead(200, json).end(JSON.stringify({ api_access: true }));
      else res.writeHead(200, json).end(bodyOf(kind));
      return;
    case "deep-json":
    case "wide-array":
    case "many-keys":
    case "oversize":
      res.writeHead(200, json).end(bodyOf(kind));
      return;
  }
}

async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer(handler);
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return { port, close };
}

/** Starts a target that answers every request the `kind` way. */
export async function startHostileTarget(kind: HostileTargetKind): Promise<HostileTarget> {
  // Built before listening, so that no request waits while its body is built (a second or more).
  if (isLargeBodyKind(kind)) bodyOf(kind);
  let hits = 0;
  let redirectHits = 0;
  const { port, close } = await listen((req, res) => {
    hits++;
    if (req.url?.startsWith("/trap")) redirectHits++;
    req.resume();
    respond(kind, req, res, req.socket);
  });
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    hits: () => hits,
    redirectHits: () => redirectHits,
    close,
  };
}

/**
 * A proxy in front of `upstream` (a base URL ending in /v1) that adds `"warnings": [[[…]]]` (DEEP levels)
 * to the first successful JSON envelope it passes on and to every `every`-th after it: valid envelopes with
 * one field no check can render. One such answer must fail the run; the default (one in 8) still puts several
 * in every suite of a run, at an eighth of the judging time of deepening them all (28 s of CPU before).
 */
export async function startDeepWarningsProxy(upstream: string, every = 8): Promise<HostileTarget> {
  const target = new URL(upstream);
  let hits = 0;
  let successes = 0;
  const { port, close } = await listen((req, res) => {
    hits++;
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (up) => {
        const chunks: Buffer[] = [];
        up.on("data", (c: Buffer) => chunks.push(c));
        up.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          // Only successful envelopes: an error body with an extra field would fail for that alone.
          const isOk = (up.statusCode ?? 0) < 300;
          const isObject = isOk && text.trimStart().startsWith("{") && text.trimEnd().endsWith("}");
          const deepen = isObject && successes++ % every === 0;
          const head = text.trimEnd().slice(0, -1);
          const comma = head.trim() === "{" ? "" : ",";
          const body = deepen ? `${head}${comma}"warnings":${deepArray(DEEP)}}` : text;
          const headers = { ...up.headers };
          delete headers["content-length"];
          res.writeHead(up.statusCode ?? 502, headers).end(body);
        });
      },
    );
    forward.on("error", () => res.destroy());
    req.pipe(forward);
  });
  return { baseUrl: `http://127.0.0.1:${port}/v1`, hits: () => hits, redirectHits: () => 0, close };
}
