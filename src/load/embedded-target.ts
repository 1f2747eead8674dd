/**
 * The embedded reference server as a load target: in a child process (default; fair numbers on two
 * cores, the server does not share the load generator's event loop) or in-process.
 */
import { fork } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { HarnessError } from "../errors.js";
import { startServer } from "../server/index.js";
import type { ServerFixtures, ServerKeys, ServerOptions } from "../server/types.js";
import { builtModule, siblingModule } from "../worker-thread.js";

/** A started embedded server, wherever it runs. */
export interface EmbeddedTarget {
  url: string;
  keys: ServerKeys;
  fixtures: ServerFixtures;
  close(): Promise<void>;
}

/** Where the embedded server runs. */
export type EmbeddedMode = "child" | "in-process";

/** Starts the embedded reference server with `options` (limits, mutation) in the given mode. */
export async function startEmbeddedTarget(
  options: ServerOptions,
  mode: EmbeddedMode = "child",
): Promise<EmbeddedTarget> {
  if (mode === "in-process") {
    const s = await startServer(options);
    return { url: s.url, keys: s.keys, fixtures: s.fixtures, close: () => s.close() };
  }
  const file = fileURLToPath(builtModule(siblingModule(import.meta.url, "embedded-child")));
  // Under tsx (sources) the child needs the same loader; the built package runs plain JavaScript.
  // Resolved from here, not from the working directory, so that cbcheck runs from anywhere.
  const tsx = () => pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  const execArgv = file.endsWith(".ts") ? ["--import", tsx()] : [];
  const child = fork(file, [JSON.stringify(options)], {
    execArgv,
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  const ready = await new Promise<{ url: string; keys: ServerKeys; fixtures: ServerFixtures }>(
    (resolve, reject) => {
      const timer = setTimeout(() => fail("did not start within 30 s"), 30_000);
      const fail = (why: string) => {
        clearTimeout(timer);
        child.kill();
        reject(
          new HarnessError(
            "CB_EMBEDDED_SERVER",
            `embedded reference server ${why}${stderr ? `: ${stderr.trim().split("\n").pop()}` : ""}`,
          ),
        );
      };
      child.once("message", (m) => {
        clearTimeout(timer);
        resolve(m as { url: string; keys: ServerKeys; fixtures: ServerFixtures });
      });
      child.once("exit", (code) => fail(`exited with code ${code}`));
      child.once("error", (err) => fail(err.message));
    },
  );
  child.removeAllListeners("exit");
  return {
    ...ready,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.send({ type: "close" });
      }),
  };
}
