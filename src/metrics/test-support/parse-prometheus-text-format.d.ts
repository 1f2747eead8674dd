/** Types of `parse-prometheus-text-format` (the package ships none): the prom2json-style families it returns. */
declare module "parse-prometheus-text-format" {
  /** One sample (or, for histograms and summaries, one labelled series). */
  export interface PromSample {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    quantiles?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  /** One metric family. */
  export interface PromFamily {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: PromSample[];
  }
  /** Parses Prometheus text exposition format. */
  export default function parsePrometheusTextFormat(text: string): PromFamily[];
}
