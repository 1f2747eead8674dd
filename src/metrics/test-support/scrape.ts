/**
 * Scrapes a metrics endpoint as Prometheus would, and reads it with a Prometheus text-format parser
 * (`parse-prometheus-text-format`), not with our own regular expressions.
 */
import parsePrometheusTextFormat, { type PromFamily } from "parse-prometheus-text-format";

/** A parsed scrape. */
export interface Scrape {
  families: PromFamily[];
  text: string;
  contentType: string;
}

/** GETs `url` and parses it. */
export async function scrape(url: string): Promise<Scrape> {
  const res = await fetch(url);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`scrape of ${url}: HTTP ${res.status}`);
  return {
    families: parsePrometheusTextFormat(text),
    text,
    contentType: res.headers.get("content-type") ?? "",
  };
}

/** Every series name a query may use: each family's, and a histogram's `_bucket`, `_sum` and `_count`. */
export function seriesNames(families: readonly PromFamily[]): Set<string> {
  const names = new Set<string>();
  for (const f of families) {
    names.add(f.name);
    if (f.type === "HISTOGRAM") for (const s of ["_bucket", "_sum", "_count"]) names.add(f.name + s);
    if (f.type === "SUMMARY") for (const s of ["_sum", "_count"]) names.add(f.name + s);
  }
  return names;
}

/**
 * The value of the sample of `name` whose labels include `labels` (undefined when there is none). Not for a
 * histogram: the parser merges every label set of one into a single sample without labels
 * (yunyu/parse-prometheus-text-format#13, fixed in the unmerged #8), so a value read there would be wrong.
 */
export function sampleValue(
  families: readonly PromFamily[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const family = families.find((f) => f.name === name);
  if (family?.type === "HISTOGRAM")
    throw new Error(`sampleValue cannot read the histogram ${name}: read its text`);
  const sample = family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  if (!sample) return undefined;
  return Number(sample.value ?? sample.count);
}
