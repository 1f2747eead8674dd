/**
 * Issue 26, finding 6: text a target or a client sent — bodies, headers, titles, ids, notes, raw binary bytes —
 * reaches report.md, report.html, junit.xml, the failure text and the console summary with every control
 * character a terminal or a renderer would act on shown as a visible escape: no screen clear (CSI 2J), no
 * window title (OSC 0), no hyperlink (OSC 8), no C1 CSI, no bidi override, no raw NUL or DEL.
 */
import { describe, expect, it } from "vitest";
import { escapeControls } from "./escape.js";
import { failureSummaryLines } from "./failure-summary.js";
import { failureText } from "./failure-text.js";
import { htmlReporter } from "./html.js";
import { junitReporter } from "./junit.js";
import { markdownReporter } from "./markdown.js";
import type { Report } from "./model.js";
import { sampleReport } from "./test-support/sample-report.js";

/** A screen clear, a window title, a hyperlink, a C1 CSI, a bidi override, a carriage return over a line. */
const SEQUENCES =
  "\x1b[2J\x1b[H\x1b]0;pwned\x07\x1b]8;;http://evil.example/\x1b\\click\x1b]8;;\x1b\\\u009b31m\u202eevil\rPASS";
/** Every byte value, decoded as a body's bytes are (invalid UTF-8 becomes U+FFFD). */
const BINARY = Buffer.from(Array.from({ length: 256 }, (_, i) => i)).toString("utf8");
const UNTRUSTED = `${SEQUENCES} ${BINARY}`;

/** Any character a terminal or renderer acts on; line feed and tab are allowed where a format keeps lines. */
const ACTING =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** A report whose every free-text field holds the hostile text. */
function hostileReport(): Report {
  const report = sampleReport();
  report.notes = [`note ${UNTRUSTED}`];
  report.reason = `reason ${UNTRUSTED}`;
  const row = report.results[1];
  row.message = `message ${UNTRUSTED}`;
  row.operation = `op ${SEQUENCES}`;
  row.counterexamples[0] = {
    ...row.counterexamples[0],
    title: `title ${UNTRUSTED}`,
    received: `received ${UNTRUSTED}`,
    expected: `expected\n${SEQUENCES}`,
    pointer: `/p${SEQUENCES}`,
    evidence: [`evidence ${UNTRUSTED}`],
    response: { headers: { "content-type": `application/json${SEQUENCES}` }, body: `body ${UNTRUSTED}` },
    request: {
      method: "POST",
      url: "http://127.0.0.1:8080/v1/entities/batch",
      headers: { authorization: "Bearer $CB_API_KEY" },
      body: `{"ids":["${SEQUENCES}"]}`,
    },
  };
  return report;
}

describe("untrusted text in human-readable output", () => {
  it("escapeControls shows every acting character as a visible escape, keeping lines unless asked for one", () => {
    expect(escapeControls("a\x1b[2Jb\x07c\u009bd\u202ee\x7ff\x00g")).toBe(
      String.raw`a\x1b[2Jb\x07c\x9bd\u202ee\x7ff\x00g`,
    );
    expect(escapeControls("line 1\r\nline 2\rover\tx")).toBe(`line 1\n${String.raw`line 2\rover`}\tx`);
    expect(escapeControls("line 1\nline 2\tx", true)).toBe(String.raw`line 1\nline 2\tx`);
    expect(escapeControls(UNTRUSTED)).not.toMatch(ACTING);
    expect(escapeControls(UNTRUSTED, true)).not.toMatch(/[\n\t]/);
    // Printable text, other scripts and emoji are left alone.
    expect(escapeControls("Équinor ASA — 株式会社 🚀")).toBe("Équinor ASA — 株式会社 🚀");
  });

  it("report.md, report.html and junit.xml hold no acting character, and show the escapes", () => {
    const report = hostileReport();
    for (const reporter of [markdownReporter, htmlReporter, junitReporter]) {
      const text = reporter.render(report, [{ title: "t", html: "<p>trusted</p>" }]);
      expect(text, reporter.fileName).not.toMatch(ACTING);
      expect(text, reporter.fileName).toContain(String.raw`\x1b]0;pwned\x07`);
      expect(text, reporter.fileName).toContain(String.raw`\x1b]8;;http://evil.example/`);
    }
  });

  it("the failure text and the console's failing rows hold no acting character and forge no line", () => {
    const report = hostileReport();
    const cx = report.results[1].counterexamples[0];
    const text = failureText(cx, { checkId: "resolve.cursor_null", seed: 1 });
    expect(text).not.toMatch(ACTING);
    expect(text).toContain(String.raw`\x1b[2J\x1b[H`);
    const console = failureSummaryLines(report, { replayDir: "r" }).join("\n");
    expect(console).not.toMatch(ACTING);
    // The carriage return that would put "PASS" over the line is shown, and no line starts with PASS.
    expect(console).toContain(String.raw`\rPASS`);
    expect(console).not.toMatch(/^PASS/m);
  });
});
