/**
 * Child-process entry of the reference server (started by `startServerInChild`): reads ServerOptions (JSON)
 * from argv, reports its address over IPC, sets its rate window when asked, and exits when the parent
 * disconnects or asks it to. A server that hangs here cannot stop the process that drives it.
 */
import { startServer } from "./index.js";
import type { ParentMessage } from "./start-in-child.js";
import type { ServerOptions } from "./types.js";

const options = JSON.parse(process.argv[2] ?? "{}") as ServerOptions;
const server = await startServer(options);
const { url, altUrl, keys, fixtures } = server;
process.send?.({ type: "ready", url, altUrl, keys, fixtures });
const stop = () => {
  server.close().finally(() => process.exit(0));
};
process.on("disconnect", stop);
process.on("message", (m: ParentMessage) => {
  if (m.type === "close") stop();
  else if (m.type === "set-rate-limit") {
    server.setRateLimit(m.rateLimit, m.rateWindowMs);
    process.send?.({ type: "rate-limit-set" });
  }
});
