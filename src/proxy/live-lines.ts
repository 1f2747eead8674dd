/**
 * The proxy's live lines, rate-limited per rule: at most `perSecond` lines of one rule in any one-second
 * window, and for the rest one summary line when the window ends (`… 2,412 more client.wait_retry_after
 * finding(s) in 1.0 s`). A client breaking a rule 5,000 times a second gets a readable terminal and a bounded
 * log, not 110,000 lines. Time comes from `now` (tests give a fake clock); `tick` closes the windows that have
 * ended (the session calls it every second and at its end, `flush` closes them all).
 */

/** Lines of one rule shown per window. */
export const LINES_PER_SECOND = 5;
const WINDOW_MS = 1000;

interface RuleWindow {
  startedAt: number;
  shown: number;
  more: number;
}

/** The live lines of one session. */
export class LiveLines {
  readonly #windows = new Map<string, RuleWindow>();

  constructor(
    readonly write: (line: string) => void,
    readonly now: () => number,
    readonly perSecond = LINES_PER_SECOND,
  ) {}

  /** One finding of `rule`: its line is written, or counted for the window's summary. */
  line(rule: string, text: string): void {
    const window = this.#window(rule);
    if (window.shown < this.perSecond) {
      window.shown++;
      this.write(text);
    } else window.more++;
  }

  /** `count` findings of `rule` with no line of their own (counted for the window's summary). */
  more(rule: string, count: number): void {
    if (count > 0) this.#window(rule).more += count;
  }

  /** Closes the windows that have lasted a second, writing their summaries. */
  tick(): void {
    const now = this.now();
    for (const [rule, window] of this.#windows)
      if (now - window.startedAt >= WINDOW_MS) this.#close(rule, window, now);
  }

  /** Closes every window (the session's end), writing their summaries. */
  flush(): void {
    const now = this.now();
    for (const [rule, window] of this.#windows) this.#close(rule, window, now);
  }

  #window(rule: string): RuleWindow {
    const now = this.now();
    let window = this.#windows.get(rule);
    if (window && now - window.startedAt >= WINDOW_MS) {
      this.#close(rule, window, now);
      window = undefined;
    }
    if (!window) {
      window = { startedAt: now, shown: 0, more: 0 };
      this.#windows.set(rule, window);
    }
    return window;
  }

  #close(rule: string, window: RuleWindow, now: number): void {
    this.#windows.delete(rule);
    if (window.more === 0) return;
    const seconds = (Math.max(now - window.startedAt, 1) / 1000).toFixed(1);
    this.write(`… ${window.more.toLocaleString("en-US")} more ${rule} line(s) in ${seconds} s (not shown)`);
  }
}
