import { describe, expect, it } from "vitest";
import { launchBrowser, systemChromiumPath } from "./launch-browser.js";

describe("launchBrowser", () => {
  it("runs the Chromium that npm install brings, with no system browser needed", async () => {
    const { browser, source, executablePath } = await launchBrowser("npm");
    try {
      expect(source).toBe("npm");
      expect(executablePath).not.toMatch(/^\/usr\/bin\//);
      const page = await browser.newPage();
      await page.setContent(
        "<main><h1>cbcheck</h1><svg width='40' height='20'><rect width='40' height='20'/></svg></main>",
      );
      expect(await page.textContent("h1")).toBe("cbcheck");
      expect((await page.locator("svg").boundingBox())?.width).toBe(40);
    } finally {
      await browser.close();
    }
  });

  it("ignores a configured system browser path that does not exist", () => {
    expect(systemChromiumPath({ CHROMIUM_PATH: "/nonexistent/chromium" })).not.toBe("/nonexistent/chromium");
  });
});
