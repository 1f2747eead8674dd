/**
 * Where a run sends its requests: the embedded reference server (started on loopback; its short rate window
 * is enforced only while the `rate-limit` suite runs) or a base URL given by the user, with the keys and
 * fixtures that go with it.
 */

import { precompileResponseSchemas } from "../checks/response-schema.js";
import { HarnessError } from "../errors.js";
import type { SuiteName } from "../vocabulary/suite-name.js";
import { normaliseFixtures, type TargetFixtures } from "../vocabulary/target-fixtures.js";
import {
  type EmbeddedServer,
  embeddedServerOptions,
  LIFTED_RATE_LIMIT,
  startEmbeddedServer,
} from "./embedded-server.js";
import type { RunKeys, RunTarget } from "./engine.js";
import { loadFixtures } from "./fixtures.js";
import type { ResolvedRunOptions } from "./options.js";

/** A target ready to test; `close` stops the embedded server, if one was started. */
export interface OpenTarget {
  target: RunTarget;
  keys: RunKeys;
  /** Fixtures known up front (file or embedded server); undefined means discover through /resolve. */
  fixtures?: TargetFixtures;
  /** Called before each suite: the embedded server enforces its window only during `rate-limit`. */
  beforeSuite(name: SuiteName): Promise<void>;
  close(): Promise<void>;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** Whether a URL points at this machine. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return LOOPBACK.has(host) || host.startsWith("127.");
}

async function fixturesFrom(options: ResolvedRunOptions): Promise<TargetFixtures | undefined> {
  if (options.fixtures === undefined) return undefined;
  return typeof options.fixtures === "string"
    ? loadFixtures(options.fixtures)
    : normaliseFixtures(options.fixtures);
}

/**
 * The target of a run on an embedded server started by the caller (`openTarget`, or the mutation harness,
 * whose server runs where Stryker's mutant switch lives): its window is enforced only during `rate-limit`.
 */
export function embeddedTarget(
  server: EmbeddedServer,
  options: ResolvedRunOptions,
  fileFixtures?: TargetFixtures,
): OpenTarget {
  // Both bases are stated (Addresses): an embedded server that names no alternate base would make
  // `alt-base-url` skip and the run pass without judging it.
  if (server.url === "" || server.altUrl === "")
    throw new HarnessError(
      "CB_EMBEDDED_SERVER",
      "the embedded reference server named no base URL or no alternate base URL",
    );
  const { rateLimit, rateWindowMs } = options.embedded;
  let current = LIFTED_RATE_LIMIT;
  return {
    target: { baseUrl: server.url, altBaseUrl: server.altUrl, isLoopback: true, embedded: true },
    keys: {
      main: server.keys.plus,
      free: server.keys.free,
      revoked: server.keys.revoked,
      team: server.keys.team,
      noCredits: server.keys.noCredits,
    },
    fixtures: fileFixtures ?? normaliseFixtures(server.fixtures),
    beforeSuite: async (name) => {
      const limit = name === "rate-limit" ? rateLimit : LIFTED_RATE_LIMIT;
      if (limit !== current) await server.setRateLimit(limit, rateWindowMs);
      current = limit;
    },
    close: () => server.close(),
  };
}

/** Starts (embedded) or describes (URL) the target of a run. */
export async function openTarget(options: ResolvedRunOptions): Promise<OpenTarget> {
  const fileFixtures = await fixturesFrom(options);
  if (options.target.kind === "url") {
    const { baseUrl, altBaseUrl } = options.target;
    return {
      target: {
        baseUrl,
        ...(altBaseUrl ? { altBaseUrl } : {}),
        isLoopback: isLoopbackUrl(baseUrl),
        embedded: false,
      },
      keys: {
        main: options.apiKey!,
        ...(options.freeApiKey ? { free: options.freeApiKey } : {}),
        ...(options.teamApiKey ? { team: options.teamApiKey } : {}),
        ...(options.revokedApiKey ? { revoked: options.revokedApiKey } : {}),
        ...(options.noCreditsApiKey ? { noCredits: options.noCreditsApiKey } : {}),
      },
      ...(fileFixtures ? { fixtures: fileFixtures } : {}),
      beforeSuite: async () => {},
      close: async () => {},
    };
  }
  const starting = startEmbeddedServer(embeddedServerOptions(options), {
    mode: options.embedded.mode,
    replyMs: options.timeoutMs,
  });
  // Compiled before the first response rather than while judging it (a good part of a second).
  precompileResponseSchemas();
  return embeddedTarget(await starting, options, fileFixtures);
}
