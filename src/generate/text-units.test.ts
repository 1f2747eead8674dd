import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPlainText } from "../contract/formats/plain-text.js";
import {
  ABOVE_SURROGATES,
  boundedText,
  CHARACTER_CLASSES,
  characterClassesOf,
  characterClassMask,
  characterCount,
  classNamesOf,
  textOfLength,
} from "./text-units.js";

describe("ABOVE_SURROGATES", () => {
  it("are plain text in NFC, one UTF-16 unit each from U+E000 up, not private use, placed in CJK", () => {
    for (const c of ABOVE_SURROGATES) {
      expect(c.length).toBe(1);
      expect(c.charCodeAt(0)).toBeGreaterThan(0xf8ff);
      expect(isPlainText(c.repeat(300))).toBe(true);
      expect([...characterClassesOf(c)]).toEqual(["cjk"]);
    }
  });
});

describe("boundedText", () => {
  it("always has min..max characters counted as code points, whatever UTF-16 length it takes", () => {
    fc.assert(
      fc.property(boundedText(1, 300), (text) => {
        const n = characterCount(text);
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n).toBeLessThanOrEqual(300);
      }),
      { numRuns: 300 },
    );
  });

  it("reaches the upper bound with letters of every class, astral ones included", () => {
    const texts = fc.sample(boundedText(1, 300), { numRuns: 300, seed: 7 });
    const atMax = texts.filter((t) => characterCount(t) === 300);
    expect(atMax.length).toBeGreaterThan(0);
    // A server counting UTF-16 units would see more than 300 here.
    expect(atMax.some((t) => t.length > 300)).toBe(true);
    const seen = new Set(texts.flatMap((t) => [...characterClassesOf(t)]));
    expect([...seen].sort()).toEqual(Object.keys(CHARACTER_CLASSES).sort());
  });
});

describe("characters", () => {
  it("counts an astral letter as one character and a combining mark as its own", () => {
    expect(characterCount("😀")).toBe(1);
    expect("😀".length).toBe(2);
    expect(characterCount("e\u0301")).toBe(2);
    expect(textOfLength(301, CHARACTER_CLASSES.astral)).toHaveLength(602);
    expect(characterCount(textOfLength(301, CHARACTER_CLASSES.astral))).toBe(301);
  });

  it("names the classes present in a text", () => {
    expect([...characterClassesOf("Aæ東😀e\u0301 ?")].sort()).toEqual([
      "ascii",
      "astral",
      "cjk",
      "combining",
      "latin",
      "reserved",
    ]);
  });
});

/** The plain definitions the fast paths must agree with. */
function referenceCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

const REFERENCE_CLASS_OF = new Map<string, string>();
for (const [name, chars] of Object.entries(CHARACTER_CLASSES))
  for (const c of chars) REFERENCE_CLASS_OF.set(c, name);

function referenceClasses(text: string): Set<string> {
  const found = new Set<string>();
  for (const c of text) {
    const known = REFERENCE_CLASS_OF.get(c);
    if (known) found.add(known);
    else if ((c.codePointAt(0) ?? 0) > 0xffff) found.add("astral");
    else if (/\p{M}/u.test(c)) found.add("combining");
    else if (c.charCodeAt(0) > 0x7f)
      found.add(/[\u3000-\u9fff\uac00-\ud7af\uff61-\uffdc]/.test(c) ? "cjk" : "latin");
    else if (/[A-Za-z0-9]/.test(c)) found.add("ascii");
    else found.add("reserved");
  }
  return found;
}

describe("characterCount and characterClassesOf fast paths", () => {
  const anyText = fc.oneof(
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.string({ unit: "grapheme", maxLength: 20 }),
    fc
      .array(fc.constantFrom("\ud83d", "\ude00", "a", "é", "東", "😀", "\u0301", "%", "\n"), {
        maxLength: 20,
      })
      .map((units) => units.join("")),
  );

  it("counts code points as for…of does, lone surrogates included", () => {
    fc.assert(fc.property(anyText, (text) => characterCount(text) === referenceCount(text)));
  });

  it("places ASCII by table exactly as the per-character rules do", () => {
    for (let unit = 0; unit < 0x80; unit++) {
      const c = String.fromCharCode(unit);
      const expected = /[A-Za-z0-9]/.test(c) ? "ascii" : "reserved";
      expect([...characterClassesOf(c)], JSON.stringify(c)).toEqual([expected]);
    }
    fc.assert(
      fc.property(anyText, anyText, (ascii, rest) => {
        const text = ascii.replace(/[^\x00-\x7f]/g, "") + rest;
        return [...characterClassesOf(text)].sort().join() === [...referenceClasses(text)].sort().join();
      }),
    );
  });

  it("gives as a sorted mask, from any index, the classes of the rest of the text", () => {
    fc.assert(
      fc.property(anyText, fc.nat(), (text, at) => {
        const from = text.length === 0 ? 0 : at % text.length;
        const names = classNamesOf(characterClassMask(text, from));
        return names.join() === [...referenceClasses(text.slice(from))].sort().join();
      }),
    );
  });
});
