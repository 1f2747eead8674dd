/**
 * `cbcheck proxy [--target URL]`: a live validation proxy. Clients call it instead of the server; every
 * exchange is forwarded unchanged and judged on a copy, both sides, per key (by hash).
 */
import type { Command } from "commander";
import { addFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { PROXY_FLAGS } from "./proxy-flags.js";

const HELP = `
Point a client at the proxy's base URL (printed at start) instead of the server's. Every exchange goes to the
target unchanged (method, path, query, headers with Authorization, body) and the answer comes straight back;
a copy is judged afterwards:
  server side  every response through the check catalogue, as cbcheck run judges it; a target that resets
               or stalls gets the client a JSON 502/504 and is a finding (transport.response_received)
  client side  per API key (shown as k:<first 8 hex of sha256>, never the key): batch sizes, body properties,
               no two batch calls in flight, Retry-After waited after a 429, no call after 401/402/403,
               no resend of a 400, the key in the Authorization header only
One line per violation goes to stderr as it is found (at most 5 a second per rule, then one line counting
the rest), and a line whenever exchanges go unjudged (the judge thread died and restarted, or fell behind);
--quiet prints none of them (the address line stays; the summary and the reports keep everything).
A rule broken by one exchange is one finding; each report row counts its findings and keeps the first five.
Ctrl-C or SIGTERM (or --max-exchanges) writes the four reports within about 2 s: what the judge thread has not
judged by then is counted as not judged. A second Ctrl-C quits at once, saying the reports were not written.

Examples:
  cbcheck proxy --target https://staging.example.com/v1 --listen 127.0.0.1:8787
      then run your suite with base URL http://127.0.0.1:8787/v1
  cbcheck proxy --target https://api.example.com/v1 --metrics-port 9465
      Prometheus scrapes http://127.0.0.1:9465/metrics: exchanges, durations, 429s and findings per client
      key hash (cbcheck_proxy_*; docs/monitor.md, examples/monitoring/)
  cbcheck proxy --max-exchanges 500 --report-dir reports/proxy-ci
      (no --target: the embedded reference server; with --seed 7 its keys are those of cbcheck serve --seed 7)

Exit codes:
  0  every exchange judged, no violation
  1  at least one violation (server or client side; see the reports)
  2  incomplete: exchanges forwarded but not judged (the reports say how many and why); usage error, or the
     listen address is taken
Ctrl-C and SIGTERM are the normal end of a session: the exit code is its verdict (0, 1 or 2), not 130/143.
`;

/** Registers `cbcheck proxy`. */
export function registerProxy(program: Command, cli: Invocation): void {
  const command = program
    .command("proxy")
    .summary("a live validation proxy: judge real traffic between any client and any cb/v1 server")
    .description("Forwards every exchange unchanged and judges both sides on a copy, per API key (by hash).");
  addFlags(command, PROXY_FLAGS)
    .addHelpText("after", HELP)
    .action(async () => (await import("./proxy-action.js")).proxyAction(cli, command));
}
