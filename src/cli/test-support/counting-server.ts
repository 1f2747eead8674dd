/**
 * A target for the exit and interruption tests: a real `node:http` server on 127.0.0.1, port 0, that answers
 * every request the same way and records when each request arrived (to prove sending stopped).
 */
import { createServer } from "node:http";
import { listenOnLoopback } from "../../test-support/loopback-server.js";

/** How the target answers: 429 with a Retry-After of an hour, or a JSON 200 after `delayMs`. */
export type CountingBehaviour = { kind: "rate-limited-for-an-hour" } | { kind: "slow-json"; delayMs: number };

/** A started counting target; `baseUrl` ends in `/v1`. */
export interface CountingServer {
  baseUrl: string;
  /** `Date.now()` at each request's arrival. */
  arrivals: number[];
  close(): Promise<void>;
}

const VOLUME_LIMIT = JSON.stringify({ error: { code: "volume_limit" } });

/** Starts the target. */
export async function startCountingServer(behaviour: CountingBehaviour): Promise<CountingServer> {
  const arrivals: number[] = [];
  const server = createServer((req, res) => {
    arrivals.push(Date.now());
    req.resume();
    if (behaviour.kind === "rate-limited-for-an-hour") {
      res.writeHead(429, { "content-type": "application/json", "retry-after": "3600" }).end(VOLUME_LIMIT);
      return;
    }
    const timer = setTimeout(() => {
      if (!res.destroyed) res.writeHead(200, { "content-type": "application/json" }).end("{}");
    }, behaviour.delayMs);
    res.on("close", () => clearTimeout(timer));
  });
  return { ...(await listenOnLoopback(server)), arrivals };
}
