/** Inline CSS of report.html (self-contained: no external resources, no JS; filters are CSS radio buttons). */

/** Statuses a reader can filter on. */
export const FILTERS = ["all", "fail", "warn", "inconclusive", "skip", "pass"] as const;

const filterRules = FILTERS.filter((f) => f !== "all")
  .map(
    (f) =>
      `#f-${f}:checked ~ .results tbody:not(.s-${f}), #f-${f}:checked ~ .results .suite:not(.has-${f}) { display: none; }`,
  )
  .join("\n");

/** The stylesheet placed in a `<style>` element. */
export const HTML_STYLE = `
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; color: #1d232a; background: #f6f7f9; }
main { max-width: 1100px; margin: 0 auto; padding: 0 16px 48px; }
.banner { padding: 18px 24px; color: #fff; font-size: 22px; font-weight: 700; }
.banner.pass { background: #1f7a3a; } .banner.fail { background: #b3261e; }
.meta { color: #555; margin: 12px 0; }
.cards { display: flex; gap: 12px; flex-wrap: wrap; margin: 16px 0; }
.card { background: #fff; border-radius: 8px; padding: 10px 16px; min-width: 100px; box-shadow: 0 1px 2px #0002; }
.card b { display: block; font-size: 22px; }
input[type=radio] { position: absolute; opacity: 0; }
label.filter { display: inline-block; padding: 4px 12px; margin: 0 4px 8px 0; border-radius: 14px; background: #e3e6ea; cursor: pointer; }
input[type=radio]:checked + label.filter { background: #1d232a; color: #fff; }
table { width: 100%; border-collapse: collapse; background: #fff; margin-bottom: 20px; table-layout: fixed; }
col.c-status { width: 120px; } col.c-check { width: 28%; } col.c-op { width: 110px; } col.c-ex { width: 90px; }
td code { word-break: break-all; }
h2 small { font-weight: 400; color: #555; font-size: 14px; margin-left: 8px; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #e6e8eb; vertical-align: top; }
th { background: #eef0f3; font-weight: 600; }
.st { font-weight: 700; text-transform: uppercase; font-size: 12px; padding: 2px 6px; border-radius: 4px; }
.st-pass { background: #d7f0de; color: #1f7a3a; } .st-fail { background: #fbdcd9; color: #b3261e; }
.st-warn { background: #fdf0cf; color: #7a5a00; } .st-skip, .st-inconclusive { background: #e8eaed; color: #444; }
.sentence { color: #555; font-style: italic; }
.rule { background: #fff; border-radius: 8px; padding: 8px 16px; margin: 12px 0; box-shadow: 0 1px 2px #0002; }
.rule h3 small, details summary small { font-weight: 400; color: #555; }
.diagnosis { background: #fdf0cf; padding: 10px 14px; border-radius: 8px; }
pre { white-space: pre-wrap; word-break: break-all; background: #f3f4f6; padding: 8px; border-radius: 4px; margin: 6px 0; }
details summary { cursor: pointer; font-weight: 600; }
section.extra { background: #fff; padding: 12px 16px; border-radius: 8px; margin: 20px 0; }
section.extra svg { max-width: 100%; height: auto; }
${filterRules}
`;
