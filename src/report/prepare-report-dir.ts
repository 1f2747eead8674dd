/**
 * The report directory, made ready before any work starts: created one level at a time (Node's recursive
 * `mkdir` never returns under `/proc`), and proven writable by writing and removing a probe file, so that a
 * run never ends with results it cannot write (HarnessError `CB_OUTPUT_UNWRITABLE`, exit 2).
 */
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { HarnessError } from "../errors.js";

function refuse(root: string, why: string, cause?: unknown): HarnessError {
  return new HarnessError("CB_OUTPUT_UNWRITABLE", `cannot write reports to ${root}: ${why}`, { cause });
}

async function isDirectory(path: string): Promise<boolean | undefined> {
  try {
    return (await stat(path)).isDirectory();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Creates one directory; one that another process made meanwhile is as good (the pods of a split load run
 * create their segments' folders under one missing run folder at once).
 */
async function makeDirectory(path: string): Promise<void> {
  try {
    await mkdir(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST" || (await isDirectory(path)) !== true) throw error;
  }
}

/** Creates `dir` (and its missing parents) and checks that a file can be written in it; returns its path. */
export async function prepareReportDir(dir: string): Promise<string> {
  const root = resolve(dir);
  const missing: string[] = [];
  try {
    let path = root;
    for (let found = await isDirectory(path); found !== true; found = await isDirectory(path)) {
      if (found === false) throw refuse(root, `${path} exists and is not a directory`);
      missing.unshift(path);
      const parent = dirname(path);
      if (parent === path) break;
      path = parent;
    }
    for (const path of missing) await makeDirectory(path);
    const probe = join(root, `.cbcheck-write-probe-${process.pid}`);
    await writeFile(probe, "");
    await rm(probe, { force: true });
  } catch (error) {
    if (error instanceof HarnessError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw refuse(root, code ?? (error instanceof Error ? error.message : String(error)), error);
  }
  return root;
}
