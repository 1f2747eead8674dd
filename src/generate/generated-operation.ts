/** The operations whose valid requests are generated. */

/** Operations whose valid requests the contract describes well enough to generate. */
export const GENERATED_OPERATIONS = ["resolve", "entity-get", "entity-batch", "me", "capabilities"] as const;

/** One of GENERATED_OPERATIONS. */
export type GeneratedOperation = (typeof GENERATED_OPERATIONS)[number];
