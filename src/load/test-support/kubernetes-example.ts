/**
 * The manifests of examples/kubernetes as a cluster would get them: run.sh's substitution of ${RUN_ID},
 * ${SEED} and ${START_AT} (envsubst on those three names only), then YAML. Shared by the test that validates
 * them against the Kubernetes schemas and the one that runs their pods' commands as local processes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";

/** The folder of the example. */
export const KUBERNETES_EXAMPLE = join(import.meta.dirname, "..", "..", "..", "examples", "kubernetes");

/** The values run.sh fills in. */
export interface RunValues {
  RUN_ID: string;
  SEED: string;
  START_AT: string;
}

/** A container as the Job manifests use it (the fields these tests read). */
export interface ExampleContainer {
  image: string;
  command: string[];
  args: string[];
  env: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  volumeMounts: { name: string; mountPath: string }[];
}

/** A manifest as an object (the fields these tests read are typed where used). */
// biome-ignore lint/suspicious/noExplicitAny: a Kubernetes object of any kind, checked by its schema.
export type Manifest = Record<string, any>;

/** Like `envsubst '${RUN_ID} ${SEED} ${START_AT}'`: `$NAME` and `${NAME}` of those names only. */
export function fill(text: string, values: RunValues): string {
  return text.replace(
    /\$(?:\{(RUN_ID|SEED|START_AT)\}|(RUN_ID|SEED|START_AT)(?![A-Za-z0-9_]))/g,
    (_, braced?: keyof RunValues, bare?: keyof RunValues) => values[(braced ?? bare) as keyof RunValues],
  );
}

/** The documents of one manifest file, filled. */
export function readManifests(file: string, values: RunValues): Manifest[] {
  const text = fill(readFileSync(join(KUBERNETES_EXAMPLE, file), "utf8"), values);
  return parseAllDocuments(text).map((d) => {
    if (d.errors.length > 0) throw new Error(`${file}: ${d.errors[0].message}`);
    return d.toJSON() as Manifest;
  });
}

/** The one container of a Job's pod template. */
export function jobContainer(job: Manifest): ExampleContainer {
  return job.spec.template.spec.containers[0] as ExampleContainer;
}

/** A container's literal environment (values, not references). */
export function literalEnv(container: ExampleContainer): Record<string, string> {
  return Object.fromEntries(
    container.env.filter((e) => e.value !== undefined).map((e) => [e.name, e.value as string]),
  );
}
