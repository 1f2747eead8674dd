/** Checks that the client command exists before any server starts, so a typo is a usage error (exit 2). */
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join, resolve } from "node:path";

/** The absolute path of `command` (a path, or a name looked up in PATH), or undefined when not found. */
export function findExecutable(command: string, pathEnv: string): string | undefined {
  if (command.includes("/")) {
    const path = isAbsolute(command) ? command : resolve(command);
    return isExecutableFile(path) ? path : undefined;
  }
  for (const dir of pathEnv.split(delimiter)) {
    if (!dir) continue;
    const path = join(dir, command);
    if (isExecutableFile(path)) return path;
  }
  return undefined;
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
