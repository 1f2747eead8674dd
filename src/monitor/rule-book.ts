/**
 * What each rule last saw, and when it changes state: a rule on an operation turns `failing` after `confirm`
 * failing exchanges in a row, and back to `passing` after `confirm` passing ones in a row. Between the two,
 * nothing is announced: a rule that keeps failing is one event, not one per exchange. A warning is no failure
 * (warnings never fail a run), and an inconclusive or skipped outcome says nothing either way.
 */
import type { MonitorRuleState } from "../contract/types.gen.js";
import type { ResultStatus } from "../report/model.js";

/** A confirmed change of one rule's state. */
export interface Transition {
  rule: MonitorRuleState;
  to: MonitorRuleState["state"];
  /** Exchanges in a row that confirmed it. */
  consecutive: number;
}

const keyOf = (rule: string, operation: string) => `${rule}\u0000${operation}`;

/** The rules of a state, judged outcome by outcome. */
export class RuleBook {
  readonly #byKey = new Map<string, MonitorRuleState>();

  /** `rules`: the state's list, updated in place (the state file writes it). */
  constructor(
    readonly rules: MonitorRuleState[],
    readonly confirm: number,
  ) {
    for (const rule of rules) this.#byKey.set(keyOf(rule.rule, rule.operation), rule);
  }

  /** Notes one outcome; returns the change it confirms, if any. */
  observe(
    suite: string,
    id: string,
    operation: string,
    status: ResultStatus,
    now: number,
  ): Transition | undefined {
    const isFail = status === "fail";
    if (!isFail && status !== "pass" && status !== "warn") return undefined;
    const at = new Date(now).toISOString();
    let rule = this.#byKey.get(keyOf(id, operation));
    if (!rule) {
      rule = {
        rule: id,
        operation,
        suite,
        state: "passing",
        failStreak: 0,
        passStreak: 0,
        judged: 0,
        failed: 0,
        since: at,
      };
      this.#byKey.set(keyOf(id, operation), rule);
      this.rules.push(rule);
    }
    rule.judged++;
    rule.lastJudgedAt = at;
    if (isFail) {
      rule.failed++;
      rule.failStreak++;
      rule.passStreak = 0;
    } else {
      rule.passStreak++;
      rule.failStreak = 0;
    }
    const streak = isFail ? rule.failStreak : rule.passStreak;
    const to = isFail ? "failing" : "passing";
    if (rule.state === to || streak < this.confirm) return undefined;
    rule.state = to;
    rule.since = at;
    return { rule, to, consecutive: streak };
  }

  /** The rules failing now (open violations). */
  failing(): MonitorRuleState[] {
    return this.rules.filter((r) => r.state === "failing");
  }
}
