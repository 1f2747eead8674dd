/**
 * The per-text costs every report and response pays: `Redactor.text` (every string of every report and HAR
 * entry goes through it) on texts a report repeats and on unique ones, and `countStructure` (every response
 * of 500 KB or more is counted before it is parsed) beside `JSON.parse` of the same text. Prints figures;
 * the structure count must stay cheaper than the parse it guards (FAIL otherwise).
 */
import { countStructure } from "../src/bounded-json.js";
import { Redactor } from "../src/redactor.js";

const KEYS = ["cbk_live_0123456789abcdef0123", "cbk_test_fedcba9876543210fedc"];

function bestMs(run: () => void, rounds = 7): number {
  run();
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    run();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

const WORDS = [
  "pass",
  "fail",
  "entity-batch",
  "coverage.missing",
  "rate.window_holds",
  "200",
  "cb:org:923609016",
];
const repeated = Array.from({ length: 20_000 }, (_, i) => WORDS[i % WORDS.length]);
const unique = Array.from(
  { length: 20_000 },
  (_, i) => `row ${i}: cb:org:${900_000_000 + i} status ${i % 600}`,
);

// A fresh redactor per round: the memo of short texts is part of what is measured, from empty.
const redactAll = (texts: readonly string[]) => () => {
  const r = new Redactor(KEYS);
  for (const t of texts) r.text(t);
};
console.log(`Redactor.text: 20,000 repeated short texts ${bestMs(redactAll(repeated)).toFixed(1)} ms`);
console.log(`Redactor.text: 20,000 unique texts ${bestMs(redactAll(unique)).toFixed(1)} ms`);

const node = (i: number) => ({
  id: `cb:org:${900_000_000 + i}`,
  type: "org",
  payload: { name: `Selskap ${i} AS "quoted" \\ back`, org_nr: String(900_000_000 + i), city: "Bergen" },
});
let failed = false;
for (const [label, text] of [
  [
    "3.5 MiB one-byte",
    JSON.stringify({ data: { entities: Array.from({ length: 26_000 }, (_, i) => node(i)) } }),
  ],
  [
    "two-byte",
    JSON.stringify({
      data: {
        entities: Array.from({ length: 20_000 }, (_, i) => ({ ...node(i), note: "Ærø Ålesund Øst — ✓" })),
      },
    }),
  ],
] as const) {
  // Limits the text cannot pass (a container takes 2 characters, a member 5), yet long enough to be scanned:
  // the whole text is counted.
  const limits = { containers: Math.floor(text.length / 2), members: Math.floor(text.length / 5) };
  const count = bestMs(() => countStructure(text, limits));
  const parse = bestMs(() => JSON.parse(text));
  const ok = count < parse;
  failed ||= !ok;
  console.log(
    `countStructure ${label} (${(text.length / 1048576).toFixed(1)} Mi chars): ${count.toFixed(1)} ms; ` +
      `JSON.parse ${parse.toFixed(1)} ms ${ok ? "PASS" : "FAIL"}`,
  );
}
process.exitCode = failed ? 1 : 0;
