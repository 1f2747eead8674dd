/**
 * The shared, cheap-to-build core of one synthetic graph: seed, layout, number and name bijections,
 * and the per-organisation attributes that search and several payloads need (all O(1), no storage).
 */
import { AffinePermutation, NAME_SPACE, OrgNumbers } from "./bijection.js";
import { financeRow, financeShape } from "./finance.js";
import { Layout, type Placement } from "./layout.js";
import { hash, SALT } from "./prng.js";
import { MUNICIPALITIES, NACE, NAME_A, NAME_B, NAME_C, ORG_FORMS, SUBUNIT_FORM } from "./words.js";

/** Largest supported number of organisations (the name space). */
export const MAX_ORGS = NAME_SPACE;

/** Cheap facts about one organisation. */
export interface OrgCore {
  index: number;
  orgNr: string;
  id: string;
  name: string;
  /** The three name words (the invertible part of the name). */
  label: string;
  place: Placement;
  form: readonly [string, string];
  municipality: (typeof MUNICIPALITIES)[number];
  nace: (typeof NACE)[number];
}

/** Seed-wide core of the graph. */
export class World {
  readonly layout: Layout;
  readonly numbers: OrgNumbers;
  readonly names: AffinePermutation;

  constructor(
    readonly seed: number,
    readonly count: number,
  ) {
    this.layout = new Layout(seed, count);
    this.numbers = new OrgNumbers(seed, count);
    this.names = new AffinePermutation(NAME_SPACE, seed, SALT.nameA);
  }

  /** `cb:org:<org_nr>` of an index. */
  orgId(i: number): string {
    return `cb:org:${this.numbers.toOrgNr(i)}`;
  }

  /** The three name words of an index. */
  nameWords(i: number): [string, string, string] {
    const v = this.names.forward(i);
    return [NAME_A[Math.floor(v / 10_000)], NAME_B[Math.floor(v / 100) % 100], NAME_C[v % 100]];
  }

  /** The three name words joined. */
  label(i: number): string {
    return this.nameWords(i).join(" ");
  }

  /** Organisation form of an index. */
  form(i: number, place: Placement): readonly [string, string] {
    if (place.parent >= 0) return SUBUNIT_FORM;
    let r = hash(this.seed, SALT.org, i, 1) % 100;
    for (const [code, description, weight] of ORG_FORMS) {
      if (r < weight) return [code, description];
      r -= weight;
    }
    return [ORG_FORMS[0][0], ORG_FORMS[0][1]];
  }

  /** Municipality of an index. */
  municipality(i: number): (typeof MUNICIPALITIES)[number] {
    return MUNICIPALITIES[hash(this.seed, SALT.org, i, 2) % MUNICIPALITIES.length];
  }

  /** Main industry of an index (sub-units mostly share their main unit's). */
  nace(i: number, place: Placement): (typeof NACE)[number] {
    const owner = place.parent >= 0 && hash(this.seed, SALT.org, i, 4) % 4 !== 0 ? place.parent : i;
    return NACE[hash(this.seed, SALT.org, owner, 3) % NACE.length];
  }

  /** Display name of an index. */
  name(i: number, place: Placement, form: string, city: string): string {
    const base = this.label(i);
    if (place.parent >= 0) return `${base} avd. ${city}`;
    return ["AS", "ASA", "DA", "SA", "NUF"].includes(form) ? `${base} ${form}` : base;
  }

  /** Cheap facts about an index in [0, count). */
  core(i: number): OrgCore {
    const place = this.layout.place(i);
    const form = this.form(i, place);
    const municipality = this.municipality(i);
    const orgNr = this.numbers.toOrgNr(i);
    return {
      index: i,
      orgNr,
      id: `cb:org:${orgNr}`,
      name: this.name(i, place, form[0], municipality[1]),
      label: this.label(i),
      place,
      form,
      municipality,
      nace: this.nace(i, place),
    };
  }

  /** Latest revenue of an organisation, or null when it has no accounts. */
  revenue(i: number, place: Placement): number | null {
    const [rows, newest] = financeShape(this.seed, i, place.parent < 0, place.rich);
    return rows > 0 ? financeRow(this.seed, i, newest, newest).revenue : null;
  }
}
