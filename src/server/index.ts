/**
 * The reference server of cb/v1: `startServer(options)` builds the synthetic graph and serves the whole
 * contract under `/v1` and `/api/v1`.
 */
import { startServerOnGraph } from "./app.js";
import { sharedGraph } from "./graph/create-graph.js";
import { resolveServerOptions } from "./options.js";
import type { RunningServer, ServerOptions } from "./types.js";

export { MUTATIONS } from "./mutations.js";

/** Starts the reference server (graph from `seed` and `orgs`); close it with `close()`. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const resolved = resolveServerOptions(options);
  const graph = sharedGraph({ seed: resolved.seed, orgs: resolved.orgs });
  return startServerOnGraph(graph, options);
}
