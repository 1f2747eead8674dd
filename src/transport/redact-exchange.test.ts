import { describe, expect, it } from "vitest";
import { Redactor } from "../redactor.js";
import type { Exchange } from "./exchange.js";
import { redactExchange } from "./redact-exchange.js";
import { requestUrl } from "./send.js";

const KEY = "cbk_live_0123456789abcdef";

const exchange = (over: Partial<Exchange["request"]> = {}): Exchange => ({
  operation: "resolve",
  request: {
    method: "GET",
    baseUrl: "http://127.0.0.1:8080/v1",
    path: "/resolve",
    query: { query: `Avd ${KEY}`, limit: "5" },
    headers: { authorization: `Bearer ${KEY}`, "x-note": KEY },
    ...over,
  },
  response: { status: 400, headers: { "x-echo": KEY }, bodyText: `{"error":"${KEY}"}`, durationMs: 3 },
});

describe("redactExchange", () => {
  it("leaves no key in the request or the response, headers, query or bodies", () => {
    const shown = redactExchange(exchange(), new Redactor([KEY]));
    expect(JSON.stringify(shown)).not.toContain(KEY);
    expect(shown.request.headers.authorization).toBe("Bearer <redacted>");
  });

  it("keeps the parameters sent twice: the counterexample's URL repeats the request as it was sent", () => {
    const raw = exchange({ repeated: ["limit"] });
    const shown = redactExchange(raw, new Redactor([KEY]));
    expect(requestUrl(shown.request)).toContain("limit=5&limit=5");
    expect(requestUrl(shown.request)).not.toContain(KEY);
  });
});
