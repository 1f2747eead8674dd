/** Rule `client.key_not_logged`: the API key never appears in the client's stdout or stderr. */
import { type ClientRule, fail, pass } from "../rule.js";

/** Authentication 6: "Keys belong in server-side secret configuration only, never in source code, logs, …". */
export const keyNotLogged: ClientRule = {
  id: "client.key_not_logged",
  title: "The key never in logs",
  sentence:
    "Keys belong in server-side secret configuration only, never in source code, logs, browser code or chat.",
  section: "Authentication 6",
  level: "required",
  grade(_trace, _output, run) {
    const bytes = Buffer.from(run.apiKey, "utf8");
    // The key's common encodings are the key too; base64 without its padding, which a longer text may not carry.
    const forms = [
      run.apiKey,
      encodeURIComponent(run.apiKey),
      JSON.stringify(run.apiKey).slice(1, -1),
      bytes.toString("base64").replace(/=+$/, ""),
      bytes.toString("base64url"),
    ];
    const found: string[] = [];
    for (const [name, text] of [
      ["stdout", run.stdout],
      ["stderr", run.stderr],
    ] as const) {
      const lines = text.split("\n");
      const hits = lines.flatMap((line, i) => (forms.some((form) => line.includes(form)) ? [i + 1] : []));
      if (hits.length > 0)
        found.push(`the key appeared in ${name} on line(s) ${hits.slice(0, 5).join(", ")}`);
    }
    if (found.length > 0) return fail(...found);
    return pass(
      `stdout (${run.stdout.length} chars) and stderr (${run.stderr.length} chars) do not contain the key`,
    );
  },
};
