/**
 * The plan `runConformance` makes for a URL target whose fixtures are known, made without starting anything:
 * `cbcheck monitor` sizes the slices of its cycle by it before any of them is sent.
 */
import { HarnessError } from "../errors.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import type { ResolvedRunOptions } from "./options.js";
import { planRun, type RunPlan } from "./plan.js";
import { SUITES } from "./suites/index.js";
import { isLoopbackUrl } from "./target.js";

/** The plan of a run of `options` (a URL target) with these fixtures, as `runConformance` will make it. */
export function planKnownTarget(options: ResolvedRunOptions, fixtures: TargetFixtures): RunPlan {
  if (options.target.kind !== "url")
    throw new HarnessError("CB_USAGE", "a plan without starting the target needs a --base-url");
  const { baseUrl, altBaseUrl } = options.target;
  return planRun(
    options,
    {
      target: { ...(altBaseUrl ? { altBaseUrl } : {}), isLoopback: isLoopbackUrl(baseUrl) },
      hasFreeKey: options.freeApiKey !== undefined,
      hasRevokedKey: options.revokedApiKey !== undefined,
      hasTeamKey: options.teamApiKey !== undefined,
      hasNoCreditsKey: options.noCreditsApiKey !== undefined,
      fixtures,
      discover: false,
    },
    SUITES,
  );
}
