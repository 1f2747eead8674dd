/**
 * A discovered influencer id may not be in the influencer dataset: the key without credits is then served
 * nothing (200, the id in `coverage.missing`), which costs nothing — inconclusive, never a failure.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { resolveRunOptions } from "../options.js";
import { runConformance } from "../run-conformance.js";

const ID = "cb:identity:instagram:not.in.dataset";

describe("auth.no_credits_key_402 on an id the influencer dataset does not hold", () => {
  it("is inconclusive, saying why, when the answer delivers nothing", async () => {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const influencer = req.url?.endsWith("/entities/batch") && body.includes('"influencer"');
        const json = influencer
          ? { contract: "cb/v1", data: { entities: [] }, coverage: { requested: [ID], missing: [ID] } }
          : { api_access: true };
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(json));
      });
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const options = resolveRunOptions({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        env: { CB_API_KEY: "plus-key-1234567", CB_NO_CREDITS_API_KEY: "no-credits-key-7654321" },
        fixtures: { known_ids: ["cb:org:123456789"], influencer_ids: [ID] },
        suites: ["auth"],
        seed: 1,
      });
      const { report } = await runConformance(options);
      const row = report.results.find((r) => r.id === "auth.no_credits_key_402");
      expect(row?.status).toBe("inconclusive");
      expect(row?.message).toMatch(/not in the influencer dataset \(coverage\.missing\)/);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
