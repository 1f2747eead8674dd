/**
 * vitest global setup: unpacks the npm-shipped Chromium once, before test workers start, so that two browser
 * tests in parallel workers never race to unpack it into the same temp folder. Instant once it is unpacked.
 */
export default async function prepareBrowser(): Promise<void> {
  const { default: packaged } = await import("@sparticuz/chromium");
  await packaged.executablePath();
}
