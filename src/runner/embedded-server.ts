/**
 * Starts the embedded reference server, by default on the runner's own thread. A run's calls are sequential
 * (the `schema` suite judges one response while the next call is on the wire, nothing more): each call is
 * handed to the server and its response back. On one thread that hand-over wakes no other thread; on this
 * project's machines waking a worker thread through the loopback socket cost more than the server's own work
 * (`bench/deep-runs.ts`, 4,000 runs: 14.3 s on one thread against 19.3 s with the server on a worker).
 * `--embedded-child` runs it in a child process instead: a server that hangs (a seeded bug, a mutant) then
 * cannot stop the run, whose calls end as timeouts and whose close kills the child.
 */
import { HarnessError } from "../errors.js";
import { startServer } from "../server/index.js";
import { type EmbeddedMode, startServerInChild } from "../server/start-in-child.js";
import type { ServerFixtures, ServerKeys, ServerOptions } from "../server/types.js";
import type { ResolvedRunOptions } from "./options.js";

/** The embedded server's window outside the `rate-limit` suite: lifted, so that no other suite waits on it. */
export const LIFTED_RATE_LIMIT = 1_000_000_000;

/** The options `run` starts its embedded server with (its window lifted until the `rate-limit` suite). */
export function embeddedServerOptions(options: ResolvedRunOptions): ServerOptions {
  return {
    rateLimit: LIFTED_RATE_LIMIT,
    rateWindowMs: options.embedded.rateWindowMs,
    // Daily limits are not under test here and would end a long property run early.
    callsPerDay: 10_000_000,
    recordsPerDay: 1_000_000_000,
    clock: options.clock,
    ...(options.embedded.mutation ? { mutation: options.embedded.mutation } : {}),
  };
}

/** What the runner needs of the embedded server. */
export interface EmbeddedServer {
  url: string;
  altUrl: string;
  keys: ServerKeys;
  fixtures: ServerFixtures;
  /** Sets the calls allowed per rate window (every window starts afresh); resolves once the server has it. */
  setRateLimit(rateLimit: number, rateWindowMs: number): Promise<void>;
  close(): Promise<void>;
}

/** How the embedded server is started: where, and how long a child may take to answer (the call timeout). */
export interface EmbeddedStart {
  mode: EmbeddedMode;
  replyMs: number;
}

async function start(options: ServerOptions, how: EmbeddedStart): Promise<EmbeddedServer> {
  if (how.mode === "child") {
    // A child that does not answer a rate change within a call's timeout is hung: its calls will say so.
    return startServerInChild(options, { replyMs: how.replyMs, closeGraceMs: 2000 });
  }
  const server = await startServer(options);
  return {
    url: server.url,
    altUrl: server.altUrl,
    keys: server.keys,
    fixtures: server.fixtures,
    setRateLimit: async (rateLimit, rateWindowMs) => server.setRateLimit(rateLimit, rateWindowMs),
    close: () => server.close(),
  };
}

/** Starts the reference server; throws HarnessError `CB_EMBEDDED_SERVER` when it cannot start. */
export async function startEmbeddedServer(
  options: ServerOptions,
  how: EmbeddedStart = { mode: "in-process", replyMs: 0 },
): Promise<EmbeddedServer> {
  try {
    return await start(options, how);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new HarnessError("CB_EMBEDDED_SERVER", `the embedded reference server did not start: ${message}`, {
      cause: err,
    });
  }
}
