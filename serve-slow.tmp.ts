import { startHostileTarget } from "./src/cli/test-support/hostile-targets.ts";
const t = await startHostileTarget((process.argv[2] ?? "slow-to-judge") as any);
console.log(t.baseUrl);
setInterval(() => {}, 1e9);
