/** The part of har-validator (no types of its own) the tests use: resolves valid HAR, rejects with `errors`. */
declare module "har-validator" {
  /** Validates a whole HAR document (`{ log: … }`) against HAR 1.2. */
  export function har(data: unknown): Promise<unknown>;
}
