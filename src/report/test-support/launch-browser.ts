/**
 * Headless Chromium for the report tests, installed by `npm install` alone.
 *
 * A system Chromium is preferred when one is present (`CHROMIUM_PATH`, or `chromium`/`google-chrome` on `PATH`), because it
 * starts faster and matches what a user opens reports with; otherwise the binary shipped inside the
 * `@sparticuz/chromium` npm package is unpacked (into the OS temp folder, once) and used. No step outside npm.
 */
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { type Browser, chromium } from "playwright-core";

/** Names a system Chromium goes by, looked up on `PATH` (whatever the distribution installs it as). */
const SYSTEM_NAMES = ["chromium", "chromium-browser", "google-chrome"];

/** Flags that keep Chromium off this machine's closed network and quiet in a sandbox-less container. */
const QUIET_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Where the browser came from, so a test failure can say which one misbehaved. */
export type BrowserSource = "system" | "npm";

/** Finds a system Chromium, if any. */
export function systemChromiumPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.CHROMIUM_PATH;
  if (configured && existsSync(configured)) return configured;
  const dirs = (env.PATH ?? "").split(delimiter).filter(Boolean);
  for (const name of SYSTEM_NAMES) {
    const found = dirs.map((dir) => join(dir, name)).find((path) => existsSync(path));
    if (found) return found;
  }
  return undefined;
}

/**
 * Launches headless Chromium: the system one when present, else the one shipped in `@sparticuz/chromium`.
 * `prefer: "npm"` skips the system browser, so the npm-only path is proven even where a system one exists.
 */
export async function launchBrowser(
  prefer: BrowserSource = "system",
): Promise<{ browser: Browser; source: BrowserSource; executablePath: string }> {
  const system = prefer === "system" ? systemChromiumPath() : undefined;
  if (system) {
    const browser = await chromium.launch({ executablePath: system, args: QUIET_FLAGS });
    return { browser, source: "system", executablePath: system };
  }
  const { default: packaged } = await import("@sparticuz/chromium");
  const executablePath = await packaged.executablePath();
  const browser = await chromium.launch({ executablePath, args: [...packaged.args, ...QUIET_FLAGS] });
  return { browser, source: "npm", executablePath };
}
