/**
 * `--webhook URL`: each event POSTed as Slack-compatible JSON (`{"text": …}`, which Slack, Mattermost and
 * most chat tools' incoming webhooks take) to the URL the user gave and nowhere else (redirects are not
 * followed). Bounded: `ATTEMPTS` tries, each cut at `TIMEOUT_MS`, with a pause between them (a 429's
 * Retry-After, at most `MAX_PAUSE_MS`). The body is built from the event, which never holds a key; the URL's
 * path may itself be a secret (Slack's are), so messages name its origin only.
 */
import { request } from "undici";
import type { Clock } from "../clock.js";
import { escapeControls, escapedJson } from "../report/escape.js";
import { eventText, type MonitorEvent } from "./events.js";

/** Tries per event. */
export const ATTEMPTS = 3;
/** Time for one try, connection to body. */
export const TIMEOUT_MS = 5_000;
const PAUSE_MS = 1_000;
const MAX_PAUSE_MS = 30_000;

/**
 * The webhook body of an event: its text, and the event itself in a code block, with the control characters
 * a target may have put in its counterexample escaped (a chat client renders bidi controls).
 */
export function webhookBody(event: MonitorEvent): { text: string } {
  return { text: `${escapeControls(eventText(event))}\n\`\`\`${escapedJson(event, 1)}\`\`\`` };
}

/** How one try ended: delivered, worth another try (and after how long), or refused for good. */
type Try =
  | { kind: "delivered" }
  | { kind: "retry"; pauseMs: number; why: string }
  | { kind: "refused"; why: string };

async function tryOnce(url: string, body: string): Promise<Try> {
  try {
    const res = await request(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.body.dump();
    if (res.statusCode >= 200 && res.statusCode < 300) return { kind: "delivered" };
    const why = `HTTP ${res.statusCode}`;
    if (res.statusCode !== 429 && res.statusCode < 500) return { kind: "refused", why };
    const after = Number(res.headers["retry-after"]);
    const pauseMs = Number.isFinite(after) && after > 0 ? Math.min(after * 1000, MAX_PAUSE_MS) : PAUSE_MS;
    return { kind: "retry", pauseMs, why };
  } catch (err) {
    const code = (err as { code?: string }).code ?? (err as Error).name;
    return { kind: "retry", pauseMs: PAUSE_MS, why: code };
  }
}

/** Posts `event`; resolves with undefined once delivered, else with why it was not (never throws). */
export async function postEvent(
  url: string,
  event: MonitorEvent,
  clock: Clock,
  signal?: AbortSignal,
): Promise<string | undefined> {
  const body = JSON.stringify(webhookBody(event));
  let why = "";
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const outcome = await tryOnce(url, body);
    if (outcome.kind === "delivered") return undefined;
    why = outcome.why;
    if (outcome.kind === "refused" || attempt === ATTEMPTS || signal?.aborted) break;
    try {
      await clock.sleep(outcome.pauseMs, signal);
    } catch {
      break;
    }
  }
  return `the webhook at ${new URL(url).origin} did not take the event (${why}, after at most ${ATTEMPTS} tries)`;
}
