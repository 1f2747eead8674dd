/**
 * The embedded reference server as a load target: in a child process (default; fair numbers on two
 * cores, the server does not share the load generator's event loop) or in-process.
 */
import { HarnessError } from "../errors.js";
import { startServer } from "../server/index.js";
import { ChildStartError, type EmbeddedMode, startServerInChild } from "../server/start-in-child.js";
import type { ServerFixtures, ServerKeys, ServerOptions } from "../server/types.js";

/** A started embedded server, wherever it runs. */
export interface EmbeddedTarget {
  url: string;
  keys: ServerKeys;
  fixtures: ServerFixtures;
  close(): Promise<void>;
}

export type { EmbeddedMode };

/** Starts the embedded reference server with `options` (limits, mutation) in the given mode. */
export async function startEmbeddedTarget(
  options: ServerOptions,
  mode: EmbeddedMode = "child",
): Promise<EmbeddedTarget> {
  if (mode === "in-process") {
    const s = await startServer(options);
    return { url: s.url, keys: s.keys, fixtures: s.fixtures, close: () => s.close() };
  }
  try {
    const s = await startServerInChild(options);
    return { url: s.url, keys: s.keys, fixtures: s.fixtures, close: () => s.close() };
  } catch (err) {
    if (!(err instanceof ChildStartError)) throw err;
    throw new HarnessError("CB_EMBEDDED_SERVER", `embedded reference server ${err.message}`);
  }
}
