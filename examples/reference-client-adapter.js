// @ts-check
/**
 * Certification adapter for the reference client: does the `cbcheck certify-client` job with `CbClient`.
 * Plain JavaScript, so that it runs with plain `node` wherever cbcheck is installed:
 *   cbcheck certify-client -- node examples/reference-client-adapter.js
 *   cbcheck certify-client -- node node_modules/cbcheck/examples/reference-client-adapter.js
 * Reads CB_BASE_URL, CB_API_KEY, CB_IDS_FILE, CB_EXTEND, CB_OUTPUT_FILE; writes one JSON line per id
 * after each batch, so nothing already served is lost if a later call stops the run.
 */
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { CbApiError, CbClient, formatLines, linesForFailedChunk, linesForServedChunk } from "cbcheck";

/** @param {string} name */
function env(name) {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
}

/** @returns {Promise<number>} the exit code */
async function main() {
  const ids = readFileSync(env("CB_IDS_FILE"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  /** @type {import("cbcheck").ExtensionName[]} */
  const extend = JSON.parse(env("CB_EXTEND"));
  const output = env("CB_OUTPUT_FILE");
  writeFileSync(output, "");
  const client = new CbClient({ baseUrl: env("CB_BASE_URL"), apiKey: env("CB_API_KEY") });
  try {
    // Key check first, as the contract's official client does: /me works on every plan.
    const me = await client.me();
    if (!me.api_access) {
      process.stderr.write(
        "reference client: this key has no REST access (a Plus plan is needed); stopping\n",
      );
      return 1;
    }
    for await (const chunk of client.batchChunks(ids, { extend })) {
      const lines = chunk.error
        ? linesForFailedChunk(chunk.ids, chunk.error.status, chunk.error.code)
        : linesForServedChunk(chunk.ids, chunk.response, extend);
      appendFileSync(output, formatLines(lines));
    }
  } catch (err) {
    // The message names status, code and Retry-After, never the key.
    if (err instanceof CbApiError) {
      const why = err.fatal ? "stopping: the contract says not to retry" : "stopping";
      process.stderr.write(`reference client: ${err.message}; ${why}\n`);
      return 1;
    }
    process.stderr.write(`reference client: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  process.stdout.write(`reference client: ${ids.length} ids done\n`);
  return 0;
}

main().then((code) => {
  process.exitCode = code;
});
