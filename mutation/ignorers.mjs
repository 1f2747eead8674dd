/**
 * Stryker ignore-plugins (https://stryker-mutator.io/docs/stryker-js/disable-mutants/) for mutants no run can
 * see through the contract; each ignored mutant keeps its reason in the report (docs/mutation.md).
 *
 * `seeded-bugs`: the switches of the reference server's seeded bugs. They are off in every conforming run,
 * so a mutant there either switches a seeded bug on (killed by design, teaching nothing) or keeps it off
 * (equivalent). Ignored: a read of a bug setting (`bugs.X`, `state.bugs.X`, and the leniencies they are
 * handed on as), arithmetic with one (its conforming value is the identity, 0), and the code that runs only
 * while one is on (the branch of an `if`, `?:`, `while` or `&&` that a bug read guards).
 *
 * `rejection-hints`: the text of a rejection's reason. A 400's body is `{"error":{"code":"invalid_arguments"}}`
 * ("no backend diagnostics"); the reason goes only into `x-cb-reason`, a header the contract does not name.
 */
import { declareValuePlugin, PluginKind } from "@stryker-mutator/api/plugin";

const BUG = "seeded-bug switch: off in every conforming run (docs/mutation.md)";
const HINT =
  "developer hint: sent only as the x-cb-reason header, which the contract does not show (docs/mutation.md)";

/** Names under which a bug setting is handed to validation, authentication and the limiter. */
const LENIENCIES = new Set([
  "acceptUnknownExtension",
  "countUtf16Units",
  "dropChallenge",
  "acceptRevoked",
  "windowOff",
  // resolve's seeded faults (validate/other-requests.ts `ResolveFaults`)
  "blankQueryFails",
  "formatCharacterQueryFails",
  "unknownParameterFails",
  // entity reads' leniencies (validate/entity-request.ts `EntityLeniency`, handed to fields.ts as `quirks`)
  "foldExtendCase",
  "upperCaseDateTimeOnly",
  "repeatedItemsFail",
  "trimDataset",
  "ignoreMalformedJson",
  "repeatedBodyKeyFails",
  "noContentTypeFails",
  "arrayIdFails",
]);

const isName = (node, name) => node?.type === "Identifier" && node.name === name;

/** Whether `node` reads a bug setting. */
function isBugRead(node) {
  if (node?.type !== "MemberExpression" || node.computed) return false;
  const object = node.object;
  if (isName(object, "bugs")) return true;
  if (object.type === "MemberExpression" && !object.computed && isName(object.property, "bugs")) return true;
  return (
    (isName(object, "lenient") || isName(object, "options") || isName(object, "quirks")) &&
    LENIENCIES.has(node.property.name)
  );
}

/** Whether `test` can be truthy only while a bug is on. */
function needsBugOn(test) {
  if (isBugRead(test)) return true;
  return (
    test?.type === "LogicalExpression" &&
    test.operator === "&&" &&
    (needsBugOn(test.left) || needsBugOn(test.right))
  );
}

/** Whether `test` can be falsy only while a bug is on. */
function needsBugOnWhenFalse(test) {
  if (test?.type === "UnaryExpression" && test.operator === "!" && isBugRead(test.argument)) return true;
  return (
    test?.type === "LogicalExpression" &&
    test.operator === "||" &&
    (needsBugOnWhenFalse(test.left) || needsBugOnWhenFalse(test.right))
  );
}

/** Whether `path` is part of a seeded bug's switch. */
function isBugSwitch(path) {
  const node = path.node;
  if (isBugRead(node)) return true;
  if (node.type === "BinaryExpression" && ["+", "-"].includes(node.operator))
    return isBugRead(node.left) || isBugRead(node.right);
  const parent = path.parent;
  const key = path.key;
  if (parent?.type === "IfStatement" || parent?.type === "ConditionalExpression") {
    if (key === "consequent" && needsBugOn(parent.test)) return true;
    if (key === "alternate" && needsBugOnWhenFalse(parent.test)) return true;
  }
  if (parent?.type === "WhileStatement" && key === "body") return needsBugOn(parent.test);
  return (
    parent?.type === "LogicalExpression" &&
    parent.operator === "&&" &&
    key === "right" &&
    needsBugOn(parent.left)
  );
}

/** Whether `path` is the text of a rejection's reason: `fail(text)`, `new InvalidArguments(text)`, `reason: text`. */
function isHintText(path) {
  const node = path.node;
  if (node.type !== "StringLiteral" && node.type !== "TemplateLiteral") return false;
  const parent = path.parent;
  const isCall =
    (parent?.type === "CallExpression" && isName(parent.callee, "fail")) ||
    (parent?.type === "NewExpression" && isName(parent.callee, "InvalidArguments"));
  if (isCall) return path.listKey === "arguments" && path.key === 0;
  return parent?.type === "ObjectProperty" && path.key === "value" && isName(parent.key, "reason");
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, "seeded-bugs", {
    shouldIgnore: (path) => (isBugSwitch(path) ? BUG : undefined),
  }),
  declareValuePlugin(PluginKind.Ignore, "rejection-hints", {
    shouldIgnore: (path) => (isHintText(path) ? HINT : undefined),
  }),
];
