/**
 * `startServer(options?)` as the library gives it: the reference server, with its options checked at the edge.
 * The server layer refuses a bad value with a `RangeError` (it imports nothing of the harness); a library
 * caller gets the documented `HarnessError` `CB_USAGE` instead, for a wrong type or a value out of range.
 */
import { HarnessError } from "../errors.js";
import { checkShapes, type ShapeTable } from "../option-shapes.js";
import type { RunningServer, ServerOptions } from "../server/types.js";

const SERVER_SHAPES: ShapeTable<ServerOptions> = {
  host: "string",
  port: "number",
  seed: "number",
  orgs: "number",
  rateLimit: "number",
  rateWindowMs: "number",
  callsPerDay: "number",
  recordsPerDay: "number",
  credits: "number",
  latencyMs: "number",
  asOf: "string",
  mutation: "string",
  faultPlan: "object",
  trace: "boolean",
  keySeed: "number",
  clock: "object",
};

/** Starts the reference server (docs/server.md); bad options throw `HarnessError` `CB_USAGE`. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  checkShapes("startServer", options, SERVER_SHAPES);
  // Loaded on the first call, as the runner is (run.ts): importing "cbcheck" for its client stays light.
  const [{ resolveServerOptions }, { startServer: startReferenceServer }] = await Promise.all([
    import("../server/options.js"),
    import("../server/index.js"),
  ]);
  try {
    resolveServerOptions(options);
  } catch (error) {
    throw new HarnessError("CB_USAGE", `startServer: ${(error as Error).message}`, { cause: error });
  }
  return startReferenceServer(options);
}
