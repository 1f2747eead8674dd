/** For end-to-end tests: the ids a real report shows that the verdict registry does not know. */
import type { Report } from "../../report/model.js";
import { verdictById } from "../registry.js";

/** Ids of the report's rows that are not registered, each once (empty when every row is registered). */
export function unregisteredIds(report: Pick<Report, "results"> | undefined): string[] {
  const ids = new Set((report?.results ?? []).map((r) => r.id));
  return [...ids].filter((id) => verdictById(id) === undefined);
}
