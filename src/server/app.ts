/**
 * Starts the reference server on a given graph: node:http, one handler, both bases.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { bugSettings } from "./bugs.js";
import { FaultState } from "./faults.js";
import type { Graph } from "./graph/graph.js";
import { handle } from "./http/handle.js";
import { replyBendOf } from "./http/mutate.js";
import { METADATA_PATH } from "./http/router.js";
import { createKeys, STARTING_BALANCES } from "./keys.js";
import { Limiter } from "./limiter.js";
import { findMutation } from "./mutations.js";
import { type ResolvedServerOptions, resolveServerOptions } from "./options.js";
import type { ServerState } from "./state.js";
import type { RunningServer, ServerOptions } from "./types.js";

/** The last resort when handling failed past its own 500: a JSON 500, unless the head is already out. */
function internalError(res: ServerResponse): void {
  if (!res.headersSent) {
    res.writeHead(500, { "content-type": "application/json; charset=utf-8" });
    res.end('{"error":{"code":"internal_error"}}');
  }
}

function listen(server: Server, options: ResolvedServerOptions): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** Starts a server on `graph`; `startServer` (index.ts) builds the graph from seed and size first. */
export async function startServerOnGraph(graph: Graph, input: ServerOptions = {}): Promise<RunningServer> {
  const options = resolveServerOptions(input);
  const { keys, accounts } = createKeys(options.keySeed ?? undefined);
  const state: ServerState = {
    graph,
    keys,
    accounts,
    balances: new Map([...Object.entries(STARTING_BALANCES), ["user:plus", options.credits]]),
    limiter: new Limiter(options),
    options,
    mutations: options.mutations,
    bugs: bugSettings(options.mutations),
    bendReply: replyBendOf(options.mutations),
    faults: new FaultState(options.faultPlan.steps),
    trace: [],
    asOf: options.asOf,
    resourceMetadataUrl: "",
    bigBatchesInFlight: 0,
    calls: 0,
    callsByOperation: new Map(),
  };
  const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
    const fail = () => internalError(res);
    try {
      handle(state, req, res)?.catch(fail);
    } catch {
      fail();
    }
  });
  server.on("clientError", (_err, socket) => {
    if (socket.writable) {
      const body = '{"error":{"code":"bad_request"}}';
      socket.end(
        `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`,
      );
    } else socket.destroy();
  });
  const address = await listen(server, options);
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const origin = `http://${host}:${address.port}`;
  state.resourceMetadataUrl = `${origin}${METADATA_PATH}`;
  return {
    url: `${origin}/v1`,
    altUrl: `${origin}/api/v1`,
    keys,
    fixtures: graph.fixtures(),
    trace: state.trace,
    pendingFaults: () => state.faults.remaining(),
    setRateLimit: (rateLimit, rateWindowMs) => state.limiter.setWindow(rateLimit, rateWindowMs),
    setMutation: (id) => {
      // Checked before anything changes: an unknown id leaves the running bug as it was.
      const mutations = id === null ? [] : [findMutation(id).id];
      state.mutations = mutations;
      state.bugs = bugSettings(mutations);
      state.bendReply = replyBendOf(mutations);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
