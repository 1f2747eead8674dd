/**
 * The certification scenarios as data: which ids the client gets, which extensions it requests and which
 * faults the certification server injects. Faults count batch calls only (except `unauthorized`), so a client
 * that checks its key with `/me` first meets them at the same point of the job.
 */
import { EXTENSION_NAMES } from "../client/types.js";
import type { FaultStep } from "../server/types.js";
import { SCENARIO_DESCRIPTIONS, SCENARIO_IDS } from "./scenario-descriptions.js";

/** One scenario. */
export interface Scenario {
  name: string;
  /** What the scenario proves, for `--help` and reports (scenario-descriptions.ts). */
  description: string;
  /** Existing organisation ids given to the client. */
  existingIds: number;
  /** Ids that do not exist, mixed in (they come back in `coverage.missing`). */
  missingIds: number;
  extend: string[];
  /** Faults, built from the timeout (a Retry-After beyond it must outlast it). */
  faults(timeoutS: number): FaultStep[];
  /** True when the client is expected to stop before the job is done. */
  expectsStop: boolean;
}

const ALL_FOUR = [...EXTENSION_NAMES];

/** Every scenario, in run order. */
export const SCENARIOS: readonly Scenario[] = [
  {
    name: "happy",
    description: SCENARIO_DESCRIPTIONS.happy,
    existingIds: SCENARIO_IDS,
    missingIds: 0,
    extend: ALL_FOUR,
    faults: () => [],
    expectsStop: false,
  },
  {
    name: "rate-limited",
    description: SCENARIO_DESCRIPTIONS["rate-limited"],
    existingIds: SCENARIO_IDS,
    missingIds: 0,
    extend: ALL_FOUR,
    faults: () => [
      { call: 2, operation: "entity-batch", status: 429, code: "volume_limit", retryAfterSeconds: 1 },
    ],
    expectsStop: false,
  },
  {
    name: "unavailable",
    description: SCENARIO_DESCRIPTIONS.unavailable,
    existingIds: SCENARIO_IDS,
    missingIds: 0,
    extend: ALL_FOUR,
    faults: () => [{ call: 2, operation: "entity-batch", status: 503, code: "data_unavailable" }],
    expectsStop: false,
  },
  {
    name: "unauthorized",
    description: SCENARIO_DESCRIPTIONS.unauthorized,
    existingIds: SCENARIO_IDS,
    missingIds: 0,
    extend: ALL_FOUR,
    faults: () => [{ call: 1, status: 401, code: "invalid_token", sticky: true }],
    expectsStop: true,
  },
  {
    name: "credits-exhausted",
    description: SCENARIO_DESCRIPTIONS["credits-exhausted"],
    existingIds: SCENARIO_IDS,
    missingIds: 0,
    extend: ALL_FOUR,
    faults: () => [
      { call: 2, operation: "entity-batch", status: 402, code: "credits_exhausted", sticky: true },
    ],
    expectsStop: true,
  },
  {
    name: "plan-required",
    description: SCENARIO_DESCRIPTIONS["plan-required"],
    existingIds: SCENARIO_IDS,
    missingIds: 0,
    extend: ALL_FOUR,
    faults: () => [
      {
        call: 1,
        operation: "entity-batch",
        status: 403,
        code: "plan_required",
        extra: { required_tier: "plus", upgrade_url: "https://example.invalid/upgrade" },
        sticky: true,
      },
    ],
    expectsStop: true,
  },
  {
    name: "bad-request",
    description: SCENARIO_DESCRIPTIONS["bad-request"],
    existingIds: SCENARIO_IDS,
    missingIds: 0,
    extend: ALL_FOUR,
    faults: () => [{ call: 2, operation: "entity-batch", status: 400, code: "invalid_arguments" }],
    expectsStop: false,
  },
  {
    name: "missing-ids",
    description: SCENARIO_DESCRIPTIONS["missing-ids"],
    existingIds: 120,
    missingIds: 10,
    extend: [],
    faults: () => [],
    expectsStop: false,
  },
  {
    name: "long-retry-after",
    description: SCENARIO_DESCRIPTIONS["long-retry-after"],
    existingIds: SCENARIO_IDS,
    missingIds: 0,
    extend: ALL_FOUR,
    faults: (timeoutS) => [
      {
        call: 2,
        operation: "entity-batch",
        status: 429,
        code: "volume_limit",
        retryAfterSeconds: Math.max(3600, Math.ceil(timeoutS) + 60),
      },
    ],
    expectsStop: true,
  },
];

/** Scenario names, for `--scenario` validation and help. */
export const SCENARIO_NAMES: readonly string[] = SCENARIOS.map((s) => s.name);
