import { describe, expect, it } from "vitest";
import type { Finding } from "./finding.js";
import { countFindings, EXAMPLES, SHOWN_PER_BATCH } from "./finding-rows.js";
import { LiveLines } from "./live-lines.js";
import type { Proxied } from "./proxied.js";
import { SessionTally } from "./session-tally.js";

function finding(n: number, id = "client.wait_retry_after", key = "k:1"): Finding {
  const exchange = { n, keyHash: key, method: "GET", url: "/v1/me" } as Proxied;
  return { side: "client", id, severity: "error", operation: "me", title: id, exchange, evidence: [`e${n}`] };
}

describe("a session's tally", () => {
  it("keeps a count and the first few examples per row, however many findings come", () => {
    const written: string[] = [];
    const tally = new SessionTally(
      new LiveLines(
        (l) => written.push(l),
        () => 0,
      ),
    );
    let n = 0;
    for (let batch = 0; batch < 1000; batch++) {
      const findings = Array.from({ length: 64 }, () => finding(++n));
      findings.push(finding(++n, "client.bearer_auth", "k:2"));
      tally.add({ count: 65, cut: 0, failed: 0, keys: ["k:1", "k:2"], rows: countFindings(findings) });
    }
    const rows = tally.rows.all();
    expect(rows.map((r) => [r.id, r.keyHash, r.count])).toEqual([
      ["client.wait_retry_after", "k:1", 64_000],
      ["client.bearer_auth", "k:2", 1000],
    ]);
    expect(rows[0].examples.map((f) => f.exchange.n)).toEqual([1, 2, 3, 66, 67].slice(0, EXAMPLES));
    expect(rows.every((r) => r.examples.length === EXAMPLES)).toBe(true);
    expect(tally.judged).toBe(65_000);
    expect([...tally.keys]).toEqual(["k:1", "k:2"]);
    // Only the first lines of each rule are written in the (frozen) second; the rest wait for its summary.
    expect(written.filter((l) => l.includes("wait_retry_after"))).toHaveLength(5);
    // What a batch posts back per row does not grow with its findings.
    expect(countFindings(Array.from({ length: 500 }, (_, i) => finding(i)))[0].shown).toHaveLength(
      SHOWN_PER_BATCH,
    );
  });

  it("counts an exchange breaking one check in several places once in its row", () => {
    const exchange = { n: 7, keyHash: "k:1", method: "GET", url: "/v1/me" } as Proxied;
    const found = (title: string): Finding => ({
      side: "server",
      id: "response.schema",
      severity: "error",
      operation: "me",
      title,
      exchange,
      evidence: [title],
    });
    const [row] = countFindings(
      [found("a"), found("b"), found("c"), finding(8, "response.schema")].slice(0, 3),
    );
    expect(row).toMatchObject({ count: 1, errors: 1 });
    expect(row.shown).toHaveLength(3);
  });
});
