/**
 * examples/kubernetes, checked as a cluster would take it: every manifest (after run.sh's substitution) is
 * valid against the Kubernetes API's JSON schemas (kubernetes-models, generated from the OpenAPI of
 * Kubernetes, compiled ajv validators: no network), and the pieces fit together — the Indexed Job's
 * completions, parallelism and SEGMENTS agree, the key comes from the Secret, both Jobs mount the reports
 * volume where the commands write and read, and every flag the commands give is a flag of `cbcheck load`.
 * The pods' commands themselves run in segments-as-pods.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Job } from "kubernetes-models/batch/v1/Job";
import { PersistentVolumeClaim } from "kubernetes-models/v1/PersistentVolumeClaim";
import { Secret } from "kubernetes-models/v1/Secret";
import { describe, expect, it } from "vitest";
import { invocations, unknownInvocations } from "../cli/test-support/cbcheck-invocations.js";
import { VERSION } from "../version.js";
import {
  jobContainer,
  KUBERNETES_EXAMPLE,
  literalEnv,
  type Manifest,
  readManifests,
} from "./test-support/kubernetes-example.js";

const VALUES = { RUN_ID: "20260504-120000", SEED: "1234", START_AT: "2026-05-04T12:02:00Z" };
const MODELS: Record<string, (m: Manifest) => { validate(): void }> = {
  Job: (m) => new Job(m),
  Secret: (m) => new Secret(m),
  PersistentVolumeClaim: (m) => new PersistentVolumeClaim(m),
};
const FILES = ["secret.yaml", "reports-volume.yaml", "load-job.yaml", "merge-job.yaml"];
const [secret] = readManifests("secret.yaml", VALUES);
const [volume] = readManifests("reports-volume.yaml", VALUES);
const [loadJob] = readManifests("load-job.yaml", VALUES);
const [mergeJob] = readManifests("merge-job.yaml", VALUES);

describe("examples/kubernetes", () => {
  it.each(FILES)("%s is valid against the Kubernetes schemas", (file) => {
    const manifests = readManifests(file, VALUES);
    expect(manifests.length).toBeGreaterThan(0);
    for (const m of manifests) {
      expect(Object.keys(MODELS), `${file}: kind ${m.kind}`).toContain(m.kind);
      expect(() => MODELS[m.kind](m).validate()).not.toThrow();
    }
  });

  it("the validation is real: a wrong type or a missing field is refused", () => {
    const broken = structuredClone(loadJob);
    broken.spec.completions = "four";
    expect(() => new Job(broken).validate()).toThrow(/completions must be integer/);
    const noTemplate = structuredClone(mergeJob);
    delete noTemplate.spec.template;
    expect(() => new Job(noTemplate).validate()).toThrow(/template/);
  });

  it("the Indexed Job runs SEGMENTS segments at once, one per index", () => {
    const env = literalEnv(jobContainer(loadJob));
    expect(loadJob.spec.completionMode).toBe("Indexed");
    expect(loadJob.spec.completions).toBe(Number(env.SEGMENTS));
    expect(loadJob.spec.parallelism).toBe(Number(env.SEGMENTS));
    expect(env).toMatchObject(VALUES);
    expect(jobContainer(loadJob).args[0]).toContain('--segment "$index/$SEGMENTS"');
  });

  it("the key comes from the Secret, only into the segments; the merge sends nothing and has none", () => {
    const keyRef = jobContainer(loadJob).env.find((e) => e.name === "CB_API_KEY")?.valueFrom?.secretKeyRef;
    expect(keyRef).toEqual({ name: secret.metadata.name, key: "CB_API_KEY" });
    expect(Object.keys(secret.stringData)).toEqual(["CB_API_KEY"]);
    expect(jobContainer(mergeJob).env.map((e) => e.name)).toEqual(["RUN_ID"]);
  });

  it("both Jobs mount the reports volume where the segments write and the merge reads", () => {
    for (const job of [loadJob, mergeJob]) {
      const volumes = job.spec.template.spec.volumes as Manifest[];
      expect(volumes[0].persistentVolumeClaim.claimName).toBe(volume.metadata.name);
      expect(jobContainer(job).volumeMounts[0]).toEqual({ name: volumes[0].name, mountPath: "/reports" });
    }
    // The segments read the target's ids from the ConfigMap, where FIXTURES says.
    const fixtures = (loadJob.spec.template.spec.volumes as Manifest[])[1];
    expect(fixtures.configMap.name).toBe("cbcheck-fixtures");
    expect(jobContainer(loadJob).volumeMounts[1]).toMatchObject({
      name: fixtures.name,
      mountPath: "/fixtures",
    });
    expect(literalEnv(jobContainer(loadJob)).FIXTURES).toBe("/fixtures/fixtures.json");
    expect(volume.spec.accessModes).toEqual(["ReadWriteMany"]);
    // run.sh's envsubst fills $RUN_ID in the commands too.
    const run = VALUES.RUN_ID;
    expect(jobContainer(loadJob).args[0]).toContain(`--report-dir "/reports/${run}/segment-$index"`);
    expect(jobContainer(mergeJob).args[0]).toContain(`--merge /reports/"${run}"/segment-*/report.json`);
  });

  it("every flag the commands give is a flag of cbcheck load, and the image installs this version", () => {
    for (const job of [loadJob, mergeJob]) {
      const command = jobContainer(job).args[0];
      expect(invocations(command).map((i) => i.command)).toEqual(["load"]);
      expect(unknownInvocations(command)).toEqual([]);
      expect(jobContainer(job).image).toBe(jobContainer(loadJob).image);
    }
    const dockerfile = readFileSync(join(KUBERNETES_EXAMPLE, "Dockerfile"), "utf8");
    expect(dockerfile).toContain(`npm install --global cbcheck@${VERSION}`);
  });
});
