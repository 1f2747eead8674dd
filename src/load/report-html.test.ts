/**
 * Renders report.html of a load run in headless Chromium (a system one when present, else the one `npm install`
 * brings in `@sparticuz/chromium`) and checks that every mix item has a visible latency percentile plot with its
 * budget drawn.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { launchBrowser } from "../report/test-support/launch-browser.js";
import { writeReports } from "../report/write-reports.js";
import { buildLoadReport } from "./build-report.js";
import { createHistogram, recordMs } from "./latency-histogram.js";
import { loadProfile } from "./load-profile-file.js";
import type { ProfileRun } from "./run-profile.js";
import { Tallies } from "./tallies.js";

function syntheticRun(): ProfileRun {
  const profile = loadProfile("latency");
  const latency = new Map<
    string,
    { corrected: ReturnType<typeof createHistogram>; uncorrected: ReturnType<typeof createHistogram> }
  >();
  profile.mix.forEach((item, k) => {
    const corrected = createHistogram();
    const uncorrected = createHistogram();
    for (let i = 0; i < 2000; i++) {
      const base = 0.4 + k * 3 + (i % 100) / 20;
      const tail = i % 250 === 0 ? 120 : 0;
      recordMs(uncorrected, base + tail / 4);
      recordMs(corrected, base + tail);
    }
    latency.set(item.name ?? item.operation, { corrected, uncorrected });
  });
  return {
    profile,
    tallies: new Tallies(),
    model: "open (fixed rate)",
    latency,
    calls: 6000,
    responses: 6000,
    statusCounts: { 200: 6000 },
    activeMs: 10_000,
    bad: 0,
    transportErrors: 0,
    closedByServer: 0,
    lateSends: 0,
    lateMs: 0,
    harnessDelayMs: 0,
    peakRssMiB: 123,
  };
}

describe("load report.html", () => {
  it("shows a visible latency percentile plot per operation, with the budget drawn", async () => {
    const run = syntheticRun();
    const { report, sections } = buildLoadReport([run], {
      version: "test",
      startedAt: new Date(),
      target: { embedded: true },
      notes: [],
      peakRssMiB: 1,
    });
    const dir = mkdtempSync(join(tmpdir(), "cbcheck-load-html-"));
    await writeReports(dir, report, sections);
    const { browser } = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      await page.goto(pathToFileURL(join(dir, "report.html")).href);
      const plots = page.locator("svg.latency-plot");
      expect(await plots.count()).toBe(run.profile.mix.length);
      for (let i = 0; i < run.profile.mix.length; i++) {
        const plot = plots.nth(i);
        await expect(plot.isVisible()).resolves.toBe(true);
        const box = await plot.boundingBox();
        expect(box?.width ?? 0).toBeGreaterThan(200);
        expect(box?.height ?? 0).toBeGreaterThan(100);
        expect(await plot.locator("path.corrected").count()).toBe(1);
        expect(await plot.locator("path.uncorrected").count()).toBe(1);
        expect(await plot.locator("path.budget").count()).toBe(1);
      }
      // The profile's peak memory: in the notes and in the profile's own section.
      expect(await page.getByText("peak memory of cbcheck per profile: latency 123 MiB").count()).toBe(1);
      expect(await page.getByText(/peak memory of cbcheck 123 MiB/).count()).toBe(1);
      await plots.first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(tmpdir(), "cbcheck-load-report.png"), fullPage: true });
    } finally {
      await browser.close();
    }
  });
});
