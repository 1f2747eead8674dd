/** What the forwarder records of one exchange, for the judges (never the key: only its short hash). */
export interface Proxied {
  /** 1-based exchange number, in arrival order. */
  n: number;
  /** First 8 hex of sha256 of the bearer credential, or `none` without one. */
  keyHash: string;
  method: string;
  /** Path and query as the client sent them. */
  url: string;
  /** Request headers, lower-case, `authorization` replaced by `Bearer <redacted>`. */
  headers: Record<string, string>;
  /** Request body as text (capped). */
  body: string;
  /** Query parameter names whose value is the bearer credential (the key sent in the URL). */
  keyInQuery: string[];
  /** Epoch ms when the request arrived and when the response ended (or failed). */
  startedAt: number;
  endedAt: number;
  status: number;
  responseHeaders: Record<string, string>;
  /** The response body bytes, up to the cap. */
  responseBody: Buffer;
  /** Why the body copy is not whole (cap reached, or the response was cut). */
  cut?: string;
  /** The target failed: reset, refused or stalled. The client got a 502/504 (or a cut response). */
  targetError?: { code: "CB_RESET" | "CB_TIMEOUT" | "CB_CONNECT"; message: string };
}
