/**
 * A stored node as delivered (Resources / Node): signing-rights fields only when exactly one
 * organisation is requested (Payload of `org`, Rule).
 */
import type { GraphNode } from "../graph/graph.js";
import type { ServerState } from "../state.js";

const SIGNING = ["signature_text", "procuration_text", "signature_status", "procuration_status"];

/** A node in the contract's shape. */
export interface NodeView {
  id: string;
  type: string;
  name?: string | null;
  payload: Record<string, unknown>;
  active_predicates?: Record<string, number>;
}

/**
 * The delivered form of a node. `singleOrg` is true only when the request named exactly one id and it is
 * this organisation; we read "exactly one organisation is requested" strictly so no reading is broken.
 */
export function nodeView(state: ServerState, node: GraphNode, singleOrg: boolean): NodeView {
  const bugs = state.bugs;
  let payload = node.payload;
  if (node.type === "org") {
    const keepSigning = singleOrg || bugs.signingInMultiOrg;
    if (!keepSigning && SIGNING.some((k) => k in payload)) {
      payload = { ...payload };
      for (const k of SIGNING) delete payload[k];
    }
    if (bugs.employeesAsString && typeof payload.employees === "number") {
      payload = { ...payload, employees: String(payload.employees) };
    }
    if (bugs.multiOrgPayloadEmpty && !singleOrg) payload = {};
    if (bugs.orgUnknownField) payload = { ...payload, internal_score: 0.42 };
    if (bugs.subunitParentSelf && payload.entity_type === "underenhet") {
      payload = { ...payload, parent_org_nr: payload.org_nr };
    }
  }
  const view: NodeView = { id: node.id, type: node.type, name: node.name, payload };
  if (node.active_predicates) view.active_predicates = node.active_predicates;
  if (bugs.nodeWithoutName) delete view.name;
  return view;
}
