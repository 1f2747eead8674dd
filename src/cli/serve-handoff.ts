/**
 * What `cbcheck serve` hands to scripts once it listens: a keys file (`KEY=value` lines, mode 0600), a
 * fixtures file, and one JSON line with the URLs, keys, fixtures path and pid. The keys are the reference
 * server's throwaway test keys, not user secrets: handing them out is the point.
 */
import { lstat, mkdtemp, realpath, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HarnessError } from "../errors.js";
import { RUN_DEFAULTS } from "../runner/run-defaults.js";
import type { RunningServer, ServerKeys } from "../server/types.js";

/** Environment variable name of each test key in the keys file (the first two are what `run` reads). */
export const KEY_ENV_NAMES: Record<keyof ServerKeys, string> = {
  plus: RUN_DEFAULTS.apiKeyEnv,
  free: RUN_DEFAULTS.freeApiKeyEnv,
  team: "CB_TEAM_API_KEY",
  revoked: "CB_REVOKED_API_KEY",
  noCredits: "CB_NO_CREDITS_API_KEY",
};

/** Where the handoff goes; every field optional. */
export interface HandoffOptions {
  keysFile?: string;
  fixturesOut?: string;
  /** Print the JSON line (and write fixtures to a temporary file when `fixturesOut` is absent). */
  json?: boolean;
}

/** The files written, and how to remove what was only temporary. */
export interface Handoff {
  fixturesPath?: string;
  /** Removes the temporary fixtures directory, if one was made. */
  cleanup(): Promise<void>;
}

/** The keys file text: one shell-sourceable `NAME=value` line per key. */
export function keysFileText(keys: ServerKeys): string {
  return (Object.keys(KEY_ENV_NAMES) as (keyof ServerKeys)[])
    .map((name) => `${KEY_ENV_NAMES[name]}=${keys[name]}\n`)
    .join("");
}

/** What a path that is not a regular file is, for the refusal. */
function kindOf(info: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean }): string {
  if (info.isDirectory()) return "a directory";
  if (info.isFIFO()) return "a FIFO";
  if (info.isSocket()) return "a socket";
  return "a device or other special file";
}

/**
 * Where to write `path`: a new path as is, an existing regular file (or a link to one: the file it names,
 * so the link stays). A FIFO, a device, a directory or a link to one is refused (`CB_OUTPUT_UNWRITABLE`),
 * never replaced: a rename over it would swap the node for a regular file (as root, /dev/full).
 */
async function regularTarget(path: string, flag: string): Promise<string> {
  const link = await lstat(path).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return undefined;
    throw new HarnessError("CB_OUTPUT_UNWRITABLE", `cannot write ${flag} ${path} (${err.code ?? "error"})`);
  });
  if (link === undefined || link.isFile()) return path;
  const target = link.isSymbolicLink() ? await stat(path).catch(() => undefined) : link;
  if (target?.isFile()) return realpath(path);
  const what = target === undefined ? "a broken link" : kindOf(target);
  const via = link.isSymbolicLink() ? "a link to " : "";
  throw new HarnessError(
    "CB_OUTPUT_UNWRITABLE",
    `${flag} ${path} is ${via}${what}, not a regular file: nothing written (give a new path or a regular file)`,
  );
}

// Written under a temporary name and renamed, so a script that polls for the file never reads half of it,
// and created with mode 0600 even when a file of that name already exists.
async function writeWhole(given: string, text: string, mode: number, flag: string): Promise<void> {
  const path = await regularTarget(given, flag);
  const partial = `${path}.${process.pid}.partial`;
  try {
    await writeFile(partial, text, { mode });
    await rename(partial, path);
  } catch (err) {
    await rm(partial, { force: true });
    const code = (err as NodeJS.ErrnoException).code ?? "error";
    throw new HarnessError("CB_OUTPUT_UNWRITABLE", `cannot write ${path} (${code})`);
  }
}

/** Writes the keys and fixtures files the options ask for. */
export async function writeHandoff(server: RunningServer, options: HandoffOptions): Promise<Handoff> {
  let temporary: string | undefined;
  let fixturesPath = options.fixturesOut;
  if (fixturesPath === undefined && options.json) {
    temporary = await mkdtemp(join(tmpdir(), "cbcheck-serve-"));
    fixturesPath = join(temporary, "fixtures.json");
  }
  const cleanup = async () => {
    if (temporary) await rm(temporary, { recursive: true, force: true });
  };
  try {
    if (fixturesPath !== undefined) {
      const json = `${JSON.stringify(server.fixtures, null, 2)}\n`;
      await writeWhole(fixturesPath, json, 0o644, "--fixtures-out");
    }
    if (options.keysFile !== undefined)
      await writeWhole(options.keysFile, keysFileText(server.keys), 0o600, "--keys-file");
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { fixturesPath, cleanup };
}

/** The one JSON line `serve --json` prints once listening. */
export function handoffLine(server: RunningServer, fixturesPath: string | undefined): string {
  return `${JSON.stringify({
    baseUrl: server.url,
    altBaseUrl: server.altUrl,
    keys: server.keys,
    fixtures: fixturesPath,
    pid: process.pid,
  })}\n`;
}
