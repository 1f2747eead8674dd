import { describe, expect, it } from "vitest";
import { decodeBatch, encodeBatch } from "./judge-wire.js";
import type { RawExchange } from "./raw-exchange.js";

const bytes = (text: string) => new TextEncoder().encode(text);

const RAWS: RawExchange[] = [
  {
    n: 1,
    method: "POST",
    url: "/v1/entities/batch?x=1",
    rawHeaders: ["Host", "h", "Authorization", "Bearer k", "Content-Type", "application/json"],
    body: bytes('{"ids":["a"]}'),
    startedAt: 1000.5,
    endedAt: 1002,
    status: 200,
    responseHeaders: ["content-type", "application/json"],
    responseBody: bytes('{"contract":"cb/v1"}'),
  },
  {
    n: 2,
    method: "GET",
    url: "/v1/me",
    rawHeaders: [],
    startedAt: 1003,
    endedAt: 1004,
    status: 502,
    responseHeaders: [],
    responseBody: new Uint8Array(0),
    targetError: { code: "CB_RESET", message: "the target broke the connection (socket hang up)" },
  },
  {
    n: 3,
    method: "GET",
    url: "/v1/resolve?query=%C3%A6",
    rawHeaders: ["authorization", "Bearer ø"],
    startedAt: 1005,
    endedAt: 1006,
    status: 200,
    responseHeaders: ["Date", "Mon"],
    responseBody: bytes("{} cut"),
    cut: "copy capped at 6 bytes",
  },
];

describe("judge wire", () => {
  it("carries every field of a batch across a thread boundary, bodies moved in one buffer", () => {
    const batch = encodeBatch(RAWS);
    expect(batch.bytes.byteLength).toBe(13 + 20 + 0 + 6);
    const moved = structuredClone(batch, { transfer: [batch.bytes.buffer as ArrayBuffer] });
    // The sender's buffer went with the message: nothing was copied.
    expect(batch.bytes.byteLength).toBe(0);
    const decoded = decodeBatch(moved);
    expect(
      decoded.map((r) => ({ ...r, body: r.body && [...r.body], responseBody: [...(r.responseBody ?? [])] })),
    ).toEqual(
      RAWS.map((r) => ({ ...r, body: r.body && [...r.body], responseBody: [...(r.responseBody ?? [])] })),
    );
    expect("body" in decoded[1]).toBe(false);
  });

  it("carries an empty batch", () => {
    expect(decodeBatch(encodeBatch([]))).toEqual([]);
  });
});
