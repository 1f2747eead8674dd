import { fullFormats } from "ajv-formats/dist/formats.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRfc3986Uri } from "./rfc3986.js";

const ajvUri = fullFormats.uri as (text: string) => boolean;

/**
 * Text ajv-formats accepts as `uri` and RFC 3986 does not. Its pattern reads `scheme:` then `/?/` then an
 * authority: after `scheme://`, an authority the RFC refuses still passes as `/`, an empty authority and a
 * path.
 */
const LENIENT_URIS: [string, string][] = [
  ["https://example.com:abc/x", "a port that is not digits"],
  ["http://host:80:90", "two ports"],
  ["https://a@b@c", "an `@` in the host"],
  ["x:/[::1]", "an IP literal after a single slash (`[` is no path character)"],
];

/** RFC 3986 §1.1.2's examples and other forms it allows. */
const ALLOWED_URIS = [
  "ftp://ftp.is.co.za/rfc/rfc1808.txt",
  "http://www.ietf.org/rfc/rfc2396.txt",
  "ldap://[2001:db8::7]/c=GB?objectClass?one",
  "mailto:John.Doe@example.com",
  "news:comp.infosystems.www.servers.unix",
  "tel:+1-816-555-1212",
  "telnet://192.0.2.16:80/",
  "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
  "a:", // path-empty: ajv-formats refuses it
  "http://",
  "http://:80",
  "file:///etc/hosts",
  "HTTPS://EXAMPLE.COM/%7Efoo?q=%C3%A6#frag/?",
  "http://[v7.x:y]/",
  "http://[::ffff:192.0.2.1]/",
  "http://user:pass@host:/p",
  "https://www.regjeringen.no/no/dep/fd/id1/",
  "https://example.com/a;b=c/d!$&'()*+,=:@~",
];

const NOT_URIS = [
  "",
  "//example.com/x",
  "/relative/path",
  "1http://x",
  "a,b:x",
  "http://h/%zz",
  "http://h/%2",
  "http://h/ä",
  "http://[::1",
  "http://[1:2:3:4:5:6:7:8:9]/",
  "https://ex.com/a b",
  "https://ex.com/{x}",
  "https://ex.com/|",
  "https://ex.com/\\x",
  "https://ex.com/x#a#b",
  "https://ex.com\n",
];

const unreserved = fc.constantFrom(..."abcXYZ019-._~".split(""));
const pcharText = fc
  .array(fc.oneof(unreserved, fc.constantFrom(..."!$&'()*+,;=:@".split("")), fc.constant("%2F")), {
    maxLength: 8,
  })
  .map((a) => a.join(""));
const hostText = fc.oneof(
  fc.array(unreserved, { maxLength: 10 }).map((a) => a.join("")),
  fc.ipV4().map((ip) => ip),
  fc.ipV6().map((ip) => `[${ip}]`),
);

/** Absolute URIs built from RFC 3986's rules. */
const uris = fc
  .record({
    scheme: fc.stringMatching(/^[A-Za-z][A-Za-z0-9+.-]{0,6}$/),
    host: fc.option(hostText, { nil: undefined }),
    port: fc.option(fc.stringMatching(/^[0-9]{0,5}$/), { nil: undefined }),
    segments: fc.array(pcharText, { maxLength: 4 }),
    query: fc.option(fc.array(fc.oneof(pcharText, fc.constantFrom("/", "?")), { maxLength: 3 }), {
      nil: undefined,
    }),
    fragment: fc.option(pcharText, { nil: undefined }),
  })
  .map((p) => {
    const path = p.segments.map((s) => `/${s}`).join("");
    const authority =
      p.host === undefined ? undefined : `//${p.host}${p.port === undefined ? "" : `:${p.port}`}`;
    // Without an authority, a path may not start with "//": the first segment must then not be empty.
    const hier = authority !== undefined ? `${authority}${path}` : path.startsWith("//") ? `/x${path}` : path;
    const query = p.query === undefined ? "" : `?${p.query.join("")}`;
    const fragment = p.fragment === undefined ? "" : `#${p.fragment}`;
    return `${p.scheme}:${hier}${query}${fragment}`;
  });

describe("RFC 3986 URI", () => {
  it.each(LENIENT_URIS)("refuses %j, which ajv-formats accepts: %s", (text) => {
    expect(ajvUri(text)).toBe(true);
    expect(isRfc3986Uri(text)).toBe(false);
  });

  it.each(ALLOWED_URIS)("accepts %j", (text) => {
    expect(isRfc3986Uri(text)).toBe(true);
  });

  it.each(NOT_URIS)("refuses %j", (text) => {
    expect(isRfc3986Uri(text)).toBe(false);
  });

  it("accepts every URI built from the grammar's rules", () => {
    fc.assert(
      fc.property(uris, (text) => {
        expect(isRfc3986Uri(text)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("answers on long hostile text (no backtracking blow-up)", () => {
    for (const text of [
      `http://${"a".repeat(100_000)}"`,
      `http://${"a:".repeat(50_000)}@"`,
      `x:${"/%2".repeat(30_000)}`,
    ])
      expect(isRfc3986Uri(text)).toBe(false);
  });
});
