/**
 * vitest's global setup for the mutation harness: starts the judge (mutation/judge.ts) once per vitest
 * instance, that is once per Stryker test runner, and hands its URL to the test (`inject("judgeUrl")`).
 */
import type { TestProject } from "vitest/node";
import { startJudge } from "./judge.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the judge listens (mutation/judge.ts). */
    judgeUrl: string;
  }
}

/** Starts the judge; the returned teardown stops it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { url, server } = await startJudge();
  project.provide("judgeUrl", url);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
