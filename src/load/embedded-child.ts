/**
 * Child-process entry of the embedded reference server: on two cores, a server in its own process keeps
 * the load generator's measurements fair. Reads ServerOptions (JSON) from argv, reports its address over
 * IPC, and exits when the parent disconnects or asks it to.
 */
import { startServer } from "../server/index.js";
import type { ServerOptions } from "../server/types.js";

const options = JSON.parse(process.argv[2] ?? "{}") as ServerOptions;
const server = await startServer(options);
const { url, altUrl, keys, fixtures } = server;
process.send?.({ type: "ready", url, altUrl, keys, fixtures });
const stop = () => {
  server.close().finally(() => process.exit(0));
};
process.on("disconnect", stop);
process.on("message", (m) => {
  if ((m as { type?: string }).type === "close") stop();
});
