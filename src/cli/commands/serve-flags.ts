/**
 * The flags of `cbcheck serve`, typed from the reference server's `ServerOptions` and what it hands to
 * scripts (`HandoffOptions`): every option is a flag or says why it is not.
 */
import { HarnessError } from "../../errors.js";
import { integerIn } from "../../option-values.js";
import { MUTATIONS } from "../../server/mutations.js";
import type { ServerOptions } from "../../server/types.js";
import type { FlagTable } from "../flag-table.js";
import type { HandoffOptions } from "../serve-handoff.js";

/** `--mutation`: the id of one seeded bug of the reference server. */
export function parseMutation(id: string): string {
  const mutation = MUTATIONS.find((m) => m.id === id);
  if (!mutation) throw new HarnessError("CB_USAGE", `unknown --mutation "${id}"`);
  return mutation.id;
}

/** A parser of an integer flag from `min` to `max`. */
const integer = (flag: string, min: number, max: number) => (text: string) => integerIn(text, flag, min, max);

/** `cbcheck serve`'s decision for every option of `ServerOptions` and `HandoffOptions`. */
export const SERVE_FLAGS: FlagTable<ServerOptions & HandoffOptions> = {
  host: { flags: "--host <host>", description: "interface to listen on", default: "127.0.0.1" },
  port: {
    flags: "--port <port>",
    description: "port (0 picks a free one)",
    parse: integer("--port", 0, 65535),
    default: 0,
  },
  seed: {
    flags: "--seed <n>",
    description: "seed of the synthetic graph and, when given, of the test keys",
    parse: integer("--seed", 0, 2 ** 31 - 1),
    default: 1,
  },
  keySeed: { notAFlag: "set from --seed when --seed is given (same seed, same keys)" },
  orgs: {
    flags: "--orgs <n>",
    description: "number of organisations",
    parse: integer("--orgs", 1, 1_000_000),
    default: 2000,
  },
  rateLimit: {
    flags: "--rate-limit <calls>",
    description: "calls per rate window per key (default 120)",
    parse: integer("--rate-limit", 1, 1e12),
  },
  rateWindowMs: {
    flags: "--rate-window-ms <ms>",
    description: "length of the rate window (default 60000)",
    parse: integer("--rate-window-ms", 1, 1e12),
  },
  callsPerDay: {
    flags: "--calls-per-day <n>",
    description: "calls per UTC day per key (default 10000, the contract's)",
    parse: integer("--calls-per-day", 1, 1e12),
  },
  recordsPerDay: {
    flags: "--records-per-day <n>",
    description: "delivered records per UTC day per key (default 50000, the contract's)",
    parse: integer("--records-per-day", 1, 1e12),
  },
  credits: {
    flags: "--credits <n>",
    description: "starting balance of the plus key in credits (default 100000; e.g. 100 to test running out)",
    parse: integer("--credits", 0, 1e12),
  },
  latencyMs: {
    flags: "--latency-ms <ms>",
    description: "latency added to every response",
    parse: integer("--latency-ms", 0, 600_000),
  },
  asOf: {
    flags: "--as-of <date-time>",
    description: "the snapshot's as_of in every data response (default 2026-01-01T00:00:00Z)",
  },
  mutation: {
    flags: "--mutation <id>",
    description: "switch on one seeded bug (tests only)",
    parse: parseMutation,
    isHidden: true,
  },
  faultPlan: { notAFlag: "scripted faults are built by certify-client for each scenario" },
  trace: { notAFlag: "the request trace is for certify-client's grading" },
  clock: { notAFlag: "a served server keeps the system's time; tests share a clock with the harness" },
  json: {
    flags: "--json",
    description: "print one JSON line (URLs, test keys, fixtures path, pid) once listening",
  },
  keysFile: {
    flags: "--keys-file <file>",
    description: "write the test keys as KEY=value lines (mode 0600)",
  },
  fixturesOut: {
    flags: "--fixtures-out <file>",
    description: "write the server's fixtures file (ids for cbcheck run --fixtures)",
  },
};
