/** The certificate's own HTML block: per scenario, its verdict and a timeline of the calls the client made. */
import type { HtmlSection } from "../report/model.js";
import type { GradedScenario } from "./build-report.js";
import { seconds } from "./trace-facts.js";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** One section listing every scenario's calls (number, start, status, Retry-After, injected or not). */
export function scenarioSection(scenarios: readonly GradedScenario[]): HtmlSection {
  const blocks = scenarios.map(({ evidence, grade }) => {
    const { run, trace } = evidence;
    const rows = trace
      .map((e) => {
        const cells = [
          String(e.n),
          `${seconds(run.startedAt, e.startedAt)} s`,
          `${e.method} ${e.url.split("?")[0]}`,
          String(e.status),
          e.responseHeaders["retry-after"] ?? "",
          e.fault ? "injected" : "",
        ];
        return `<tr>${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join("")}</tr>`;
      })
      .join("");
    const end = run.timedOut
      ? `killed at the ${run.timeoutS} s timeout`
      : `exit ${run.exitCode ?? "by signal"}`;
    return (
      `<h3>${escapeHtml(evidence.scenario.name)}: ${escapeHtml(grade.status)}</h3>` +
      `<p>${escapeHtml(evidence.scenario.description)} — ${trace.length} call(s), ${escapeHtml(end)}, ${seconds(run.startedAt, run.endedAt)} s</p>` +
      `<table><thead><tr><th>call</th><th>start</th><th>request</th><th>status</th><th>Retry-After</th><th>fault</th></tr></thead><tbody>${rows}</tbody></table>`
    );
  });
  return { title: "Scenarios and calls", html: blocks.join("\n") };
}
