/** One violation the proxy found, on either side, attributed to a key hash and an exchange. */
import type { Proxied } from "./proxied.js";

/** A server-side (check catalogue) or client-side (client rule) finding. */
export interface Finding {
  side: "server" | "client";
  /** Verdict id (`resolve.cursor_null`, `client.wait_retry_after`). */
  id: string;
  severity: "error" | "warning";
  operation: string;
  title: string;
  /** The exchange the finding is about. */
  exchange: Proxied;
  evidence: string[];
  pointer?: string;
  expected?: string;
  received?: string;
}
