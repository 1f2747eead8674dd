/**
 * Every file cbcheck reads from its user (profiles, fixtures, merge inputs, `--request @file`, validate's
 * input) goes through here: only regular files (a FIFO would block forever, /dev/zero never ends), at most
 * a stated size (checked before reading and again while reading: a file may grow), and every failure a
 * one-line HarnessError (exit 2): `CB_FILE_UNREADABLE` or `CB_INPUT_TOO_LARGE`.
 */
import { closeSync, fstatSync, openSync, readSync, type Stats, statSync } from "node:fs";
import { open, stat } from "node:fs/promises";
import { HarnessError } from "./errors.js";

/** Size caps of the files cbcheck reads, by what they hold (far above any real file of the kind). */
export const FILE_LIMITS = {
  /** A config file (`cbcheck.config.json`, `--config`): a few flags per command. */
  config: 1024 * 1024,
  /** A load profile: a few dozen lines of JSON. */
  profile: 1024 * 1024,
  /** A fixtures file: known ids of a target. */
  fixtures: 16 * 1024 * 1024,
  /** The state file of `cbcheck monitor` (bounded when written: 2,000 rules, 200 events). */
  monitorState: 16 * 1024 * 1024,
  /** A report.json of `cbcheck load`, read by `--merge`. */
  report: 64 * 1024 * 1024,
  /**
   * A document given to `cbcheck validate` (or its `--request @file`): `run`'s cap on a response body. Past it
   * the judging worker cannot parse every document within its heap (a 238 MiB array of numbers made V8 abort
   * the process at 2.8 GB), and no response `run` judges is larger.
   */
  document: 16 * 1024 * 1024,
} as const;

function kindOf(info: Stats): string {
  if (info.isDirectory()) return "a directory";
  if (info.isFIFO()) return "a FIFO (named pipe)";
  if (info.isCharacterDevice()) return "a character device";
  if (info.isBlockDevice()) return "a block device";
  if (info.isSocket()) return "a socket";
  return "not a regular file";
}

/** Refuses anything but a regular file no larger than `maxBytes`. */
function checkStats(info: Stats, path: string, what: string, maxBytes: number): void {
  if (!info.isFile())
    throw new HarnessError("CB_FILE_UNREADABLE", `${what} ${path} is ${kindOf(info)}, not a regular file`);
  if (info.size > maxBytes) throw tooLarge(path, what, maxBytes, info.size);
}

function tooLarge(path: string, what: string, maxBytes: number, size?: number): HarnessError {
  const found = size === undefined ? "over" : `${size} bytes, over`;
  return new HarnessError("CB_INPUT_TOO_LARGE", `${what} ${path} is ${found} the limit of ${maxBytes} bytes`);
}

function unreadable(path: string, what: string, err: unknown): HarnessError {
  if (err instanceof HarnessError) return err;
  const code = (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : String(err));
  return new HarnessError("CB_FILE_UNREADABLE", `cannot read ${what} ${path} (${code})`, { cause: err });
}

/** Reads a regular file of at most `maxBytes` as UTF-8 text; `what` names it in errors ("load profile"). */
export function readCappedFileSync(path: string, maxBytes: number, what: string): string {
  try {
    // Stat by path first: opening a FIFO would block until a writer comes.
    checkStats(statSync(path), path, what, maxBytes);
    const fd = openSync(path, "r");
    try {
      checkStats(fstatSync(fd), path, what, maxBytes);
      const chunks: Buffer[] = [];
      let length = 0;
      // Chunk by chunk up to one byte past the cap: the stat size may be 0 (procfs) or already stale.
      while (length <= maxBytes) {
        const chunk = Buffer.alloc(Math.min(64 * 1024, maxBytes + 1 - length));
        const n = readSync(fd, chunk, 0, chunk.length, null);
        if (n === 0) break;
        chunks.push(chunk.subarray(0, n));
        length += n;
      }
      if (length > maxBytes) throw tooLarge(path, what, maxBytes);
      return Buffer.concat(chunks).toString("utf8");
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    throw unreadable(path, what, err);
  }
}

/** `readCappedFileSync` without blocking the event loop. */
export async function readCappedFile(path: string, maxBytes: number, what: string): Promise<string> {
  try {
    checkStats(await stat(path), path, what, maxBytes);
    const handle = await open(path, "r");
    try {
      checkStats(await handle.stat(), path, what, maxBytes);
      const chunks: Buffer[] = [];
      let length = 0;
      for await (const chunk of handle.createReadStream({ end: maxBytes, autoClose: false })) {
        chunks.push(chunk as Buffer);
        length += (chunk as Buffer).length;
      }
      if (length > maxBytes) throw tooLarge(path, what, maxBytes);
      return Buffer.concat(chunks, length).toString("utf8");
    } finally {
      await handle.close();
    }
  } catch (err) {
    throw unreadable(path, what, err);
  }
}
