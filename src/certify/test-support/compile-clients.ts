/**
 * Test helper: transpiles the defective clients (and the one module they import) to plain ESM JavaScript once,
 * so each scenario starts `node client.js` instead of paying tsx's start-up in every spawn.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { toEsmJavaScript } from "../../test-support/transpile-esm.js";

const SOURCES = ["src/certify/job-lines.ts"];
const CLIENT_DIR = "src/certify/test-support/defective-clients";

let compiled: Promise<string> | undefined;

/** Transpiles once per process; resolves to the directory that holds `<CLIENT_DIR>/<name>.js`. */
export function compiledClientsRoot(): Promise<string> {
  compiled ??= compile();
  return compiled;
}

async function compile(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "cbcheck-defective-clients-"));
  const clients = (await readdir(CLIENT_DIR))
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(CLIENT_DIR, f));
  for (const source of [...SOURCES, ...clients]) {
    const output = toEsmJavaScript(await readFile(source, "utf8"));
    const target = join(root, source.replace(/\.ts$/, ".js"));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, output);
  }
  await writeFile(join(root, "package.json"), '{ "type": "module" }\n');
  return root;
}

/** Removes the transpiled clients (call from `afterAll`). */
export async function removeCompiledClients(): Promise<void> {
  if (!compiled) return;
  const root = await compiled.catch(() => undefined);
  compiled = undefined;
  if (root) await rm(root, { recursive: true, force: true });
}
