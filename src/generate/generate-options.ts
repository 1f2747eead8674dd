/** Options of the request generators. */

/** What the generators may do beyond free, basic reads. */
export interface GenerateOptions {
  /** Whether requests that spend credits (the `influencer` dataset, Limits 3) may be generated. */
  allowCredits: boolean;
}

/**
 * What a generator's output for one operation depends on, as one key: the operation, whether credits may be
 * spent and the target's fixtures. The caches of case lists, arbitraries and sampled rounds share it.
 */
export function generationKey(operation: string, fixtures: unknown, opts: GenerateOptions): string {
  return [operation, opts.allowCredits, JSON.stringify(fixtures)].join("\u0000");
}
