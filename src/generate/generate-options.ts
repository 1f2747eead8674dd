/** Options of the request generators. */

/** What the generators may do beyond free, basic reads. */
export interface GenerateOptions {
  /** Whether requests that spend credits (the `influencer` dataset, Limits 3) may be generated. */
  allowCredits: boolean;
}
