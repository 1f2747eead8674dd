import type { Check, CheckFailure } from "./check.js";
import { failure } from "./support/failure.js";
import { arrayAt, isObject, pointer, show } from "./support/json.js";
import { okEnvelope, typeOfId } from "./support/response.js";

/** `node.id_matches_type`: a node's `type` is the `<type>` of its id `cb:<type>:<key>` (Identifiers). */
export const nodeIdMatchesType: Check = {
  id: "node.id_matches_type",
  section: "Resources and their fields / Identifiers",
  sentence: "Node id: `cb:<type>:<key>`.",
  level: "fail",
  appliesTo: (x) => okEnvelope(x) !== undefined,
  run(x) {
    const data = okEnvelope(x)?.data;
    const list = Array.isArray(data) ? data : arrayAt(data, "entities");
    const base = Array.isArray(data) ? ["data"] : ["data", "entities"];
    const out: CheckFailure[] = [];
    (list ?? []).forEach((node, i) => {
      if (!isObject(node) || typeof node.id !== "string" || typeof node.type !== "string") return;
      const idType = typeOfId(node.id);
      if (idType === node.type) return;
      out.push(
        failure(nodeIdMatchesType, {
          title: "node type does not match the type in its id",
          pointer: pointer(...base, i, "type"),
          expected: idType === undefined ? `an id of the form cb:${node.type}:<key>` : show(idType),
          received: `type ${show(node.type)} for id ${show(node.id)}`,
        }),
      );
    });
    return out;
  },
};
