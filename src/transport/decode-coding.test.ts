/** A coded body is decoded, bounded by the body cap, against real servers on port 0. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Transport } from "./send.js";

const CAP = 1024 * 1024;
const json = { ok: true, word: "æøå" };
/** 64 MiB of zeros, gzipped (about 64 KiB): a bomb 64 times the cap. */
const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));

/** Path → what the server sends. */
const ANSWERS: Record<string, { coding: string; body: Buffer }> = {
  "/gzip": { coding: "gzip", body: gzipSync(JSON.stringify(json)) },
  "/x-gzip": { coding: "x-gzip", body: gzipSync(JSON.stringify(json)) },
  "/twice": { coding: "gzip, gzip", body: gzipSync(gzipSync(JSON.stringify(json))) },
  "/bomb": { coding: "gzip", body: bomb },
  "/corrupt": { coding: "gzip", body: Buffer.from("not gzip at all") },
  "/br": { coding: "br", body: Buffer.from([0x0b, 0x02, 0x80]) },
};

let server: Server;
let baseUrl: string;
const transport = new Transport({ timeoutMs: 10_000, maxBodyBytes: CAP });

beforeAll(async () => {
  server = createServer((req, res) => {
    const answer = ANSWERS[req.url ?? ""];
    res.writeHead(200, { "content-type": "application/json", "content-encoding": answer.coding });
    res.end(answer.body);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await transport.close();
  await new Promise((done) => server.close(done));
});

const get = (path: string) =>
  transport.send({
    operation: "other",
    method: "GET",
    baseUrl,
    path,
    headers: { "accept-encoding": "gzip" },
  });

describe("decoding a content coding", () => {
  it("decodes gzip (and x-gzip, and gzip applied twice) to the JSON it carries", async () => {
    for (const path of ["/gzip", "/x-gzip", "/twice"]) {
      const ex = await get(path);
      expect(ex.response?.json, path).toEqual(json);
      expect(ex.response?.bodyError, path).toBeUndefined();
      expect(ex.response?.headers["content-encoding"], path).toBe(ANSWERS[path].coding);
    }
  });

  it("stops a gzip bomb at the body cap: the status and headers stay, the body is unusable", async () => {
    const ex = await get("/bomb");
    expect(ex.transportError).toBeUndefined();
    expect(ex.response?.status).toBe(200);
    expect(ex.response?.json).toBeUndefined();
    expect(ex.response?.bodyError).toBe(`gzip body decodes to more than ${CAP} bytes (the body cap)`);
    expect(ex.response?.bodyText.length).toBeLessThan(CAP);
  });

  it("records a corrupt gzip stream and a coding it does not undo as unusable bodies", async () => {
    expect((await get("/corrupt")).response?.bodyError).toMatch(/^body is not valid gzip: /);
    expect((await get("/br")).response?.bodyError).toBe(
      'body in content coding "br", which cbcheck does not decode',
    );
  });
});
