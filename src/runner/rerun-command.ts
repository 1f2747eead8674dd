/**
 * The command line that repeats a run: target, suites, runs, shard, seed and the flags that change what is
 * sent — never a key (keys stay in the environment variables the line names).
 */
import { shellQuote } from "../report/curl.js";
import { coverageGate, type ResolvedRunOptions, RUN_DEFAULTS, SUITE_ORDER } from "./options.js";

/** `cbcheck run …` that sends the same requests again. */
export function rerunCommand(options: ResolvedRunOptions): string {
  const parts = ["cbcheck", "run"];
  const add = (flag: string, value?: string | number) =>
    parts.push(flag, ...(value === undefined ? [] : [shellQuote(String(value))]));
  if (options.target.kind === "url") {
    add("--base-url", options.target.baseUrl);
    if (options.target.altBaseUrl) add("--alt-base-url", options.target.altBaseUrl);
    if (options.keyEnv.main !== RUN_DEFAULTS.apiKeyEnv) add("--api-key-env", options.keyEnv.main);
    if (options.keyEnv.free !== RUN_DEFAULTS.freeApiKeyEnv) add("--free-api-key-env", options.keyEnv.free);
    // Only a declared limit: declaring it paces the calls (plan.ts), which may change the generated cases.
    const rate = options.expectRateLimit;
    if (options.paceToLimit) add("--expect-rate-limit", `${rate.calls}/${rate.seconds}`);
    if (options.allowCredits) add("--allow-credits");
    if (options.allowLoad) add("--allow-load");
  }
  if (typeof options.fixtures === "string") add("--fixtures", options.fixtures);
  // A secret header's value is never shown: the line says where it goes.
  for (const h of options.headers) add("--header", `${h.name}:${h.isSecret ? "<redacted>" : h.value}`);
  const all =
    options.suites.length === SUITE_ORDER.length && SUITE_ORDER.every((s) => options.suites.includes(s));
  if (!all) for (const suite of options.suites) add("--suite", suite);
  if (options.runs !== RUN_DEFAULTS.runs) add("--runs", options.runs);
  if (options.concurrency !== RUN_DEFAULTS.concurrency) add("--concurrency", options.concurrency);
  if (options.strict) add("--strict");
  const gate = coverageGate(options);
  if (gate > 1) add("--min-exercised", gate);
  else if (gate === 1) add("--fail-on-unexercised");
  if (options.shard.count > 1) add("--shard", `${options.shard.index}/${options.shard.count}`);
  add("--seed", options.seed);
  return parts.join(" ");
}
