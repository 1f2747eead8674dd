/**
 * Test helper, run as its own process: starts a client (which starts a setsid grandchild and writes both pids to
 * PID_FILE) through `spawnClient`, then ends this process while the client runs — by `process.exit(3)` when
 * argv[2] is `exit`, by an uncaught error when it is `throw` — to prove the client's tree ends with it.
 */
import { existsSync, readFileSync } from "node:fs";
import { spawnClient } from "../spawn-client.js";

const CLIENT = `
const { spawn } = require("node:child_process");
const child = spawn("sleep", ["1000"], { detached: true, stdio: "ignore" });
require("node:fs").writeFileSync(process.env.PID_FILE, process.pid + " " + child.pid);
setInterval(() => {}, 1000);
`;

const pidFile = process.env.PID_FILE ?? "";
void spawnClient({
  command: process.execPath,
  args: ["-e", CLIENT],
  env: { PATH: process.env.PATH, PID_FILE: pidFile },
  timeoutMs: 60_000,
});
const wait = setInterval(() => {
  if (!existsSync(pidFile) || !/^\d+ \d+$/.test(readFileSync(pidFile, "utf8"))) return;
  clearInterval(wait);
  if (process.argv[2] === "exit") process.exit(3);
  throw new Error("a harness bug while the client runs");
}, 25);
