/**
 * The small, eagerly built part of the graph: support schemes and periods, public actors, state-finance
 * nodes, belief traditions, market entities, groups and parties (a few hundred nodes in all).
 */
import type { GraphNode } from "./graph.js";
import { Rng, SALT } from "./prng.js";

const SCHEME_OWNERS = ["innovasjon-norge", "forskningsradet", "enova", "kulturradet", "skattefunn"];
const SCHEME_WORDS = ["Innovasjonslån", "Oppstartstilskudd", "Energitiltak", "Kulturmidler", "FoU-prosjekt"];
const YEARS = [2021, 2022, 2023, 2024];
const FINANCE_TYPES = [
  "account",
  "program_area",
  "program_category",
  "ministry",
  "chapter",
  "post",
  "account_class",
  "account_group",
  "art",
  "ministry_entity",
  "entity",
  "accountant",
] as const;
const BELIEFS: ReadonlyArray<readonly [string, string, string | null]> = [
  ["KR", "Kristendom", null],
  ["KR-DNK", "Den norske kirke", "KR"],
  ["KR-KAT", "Den katolske kirke", "KR"],
  ["KR-PINSE", "Pinsebevegelsen", "KR"],
  ["IS", "Islam", null],
  ["BU", "Buddhisme", null],
  ["HU", "Humanisme", null],
  ["JU", "Jødedom", null],
  ["HI", "Hinduisme", null],
  ["SI", "Sikhisme", null],
];
const ENTITY_NAMES = [
  "Kaffebrenneriet",
  "Fjordkraft",
  "Rema",
  "Elkjøp",
  "Norwegian",
  "Kiwi",
  "Bunnpris",
  "Vinmonopolet",
];
const GROUPS: ReadonlyArray<readonly [string, string]> = [
  ["SN2007", "Standard for næringsgruppering"],
  ["SEKTOR", "Standard for institusjonell sektorgruppering"],
  ["CPV", "Felles klassifikasjon for offentlige innkjøp"],
  ["NUTS", "Regioninndeling"],
];
const PARTIES: ReadonlyArray<readonly [string, string]> = [
  ["A", "Arbeiderpartiet"],
  ["H", "Høyre"],
  ["FRP", "Fremskrittspartiet"],
  ["SP", "Senterpartiet"],
  ["SV", "Sosialistisk Venstreparti"],
  ["V", "Venstre"],
  ["KRF", "Kristelig Folkeparti"],
  ["MDG", "Miljøpartiet De Grønne"],
  ["R", "Rødt"],
];
const ACTORS = [
  "Nærings- og fiskeridepartementet",
  "Kulturdepartementet",
  "Klima- og miljødepartementet",
  "Finansdepartementet",
  "Innovasjon Norge",
  "Norges forskningsråd",
  "Enova SF",
  "Kulturrådet",
  "Direktoratet for økonomistyring",
  "Statens vegvesen",
];

function node(id: string, type: string, name: string | null, payload: Record<string, unknown>): GraphNode {
  return { id, type, name, payload };
}

/** Number of support schemes; each has one period per year of `SCHEME_YEARS`. */
export const SCHEME_COUNT = 20;
/** Budget years of every scheme's periods. */
export const SCHEME_YEARS = YEARS;

/** Namespace and scheme id of scheme s. */
export function schemeKey(s: number): { namespace: string; schemeId: string } {
  return {
    namespace: SCHEME_OWNERS[s % SCHEME_OWNERS.length],
    schemeId: `ordning-${String(s + 1).padStart(3, "0")}`,
  };
}

/** Node id of scheme s. */
export function schemeNodeId(s: number): string {
  const { namespace, schemeId } = schemeKey(s);
  return `cb:support_scheme:${namespace}.${schemeId}`;
}

/** Node id of the period of scheme s in a year. */
export function periodNodeId(s: number, year: number): string {
  const { namespace, schemeId } = schemeKey(s);
  return `cb:support_scheme_period:${namespace}.${schemeId}.${year}`;
}

/** Support schemes with their periods (period ids listed per scheme). */
export function supportSchemes(seed: number): { schemes: GraphNode[]; periods: GraphNode[] } {
  const schemes: GraphNode[] = [];
  const periods: GraphNode[] = [];
  for (let s = 0; s < SCHEME_COUNT; s++) {
    const rng = new Rng(seed, SALT.catalog, 1, s);
    const { namespace, schemeId } = schemeKey(s);
    const id = schemeNodeId(s);
    const name = s === 7 ? null : `${SCHEME_WORDS[s % SCHEME_WORDS.length]} ${Math.floor(s / 5) + 1}`;
    const url = rng.chance(0.2) ? null : `https://${namespace}.example.no/ordninger/${schemeId}`;
    schemes.push(
      node(id, "support_scheme", name, {
        namespace,
        scheme_id: schemeId,
        name,
        source_url: url,
        identity_status: rng.pick(["verified", "provisional", "unresolved"]),
      }),
    );
    for (const year of YEARS) {
      const budget = rng.chance(0.1) ? null : year;
      periods.push(
        node(periodNodeId(s, year), "support_scheme_period", `${name ?? schemeId} ${year}`, {
          scheme_node_id: id,
          period_key: String(year),
          budget_year: budget,
          metadata_status: rng.pick(["complete", "partial", "missing"]),
          source_url: url,
        }),
      );
    }
  }
  return { schemes, periods };
}

/** Public actors; `orgNrOf(k)` gives the organisation number an actor is registered under. */
export function publicActors(seed: number, orgNrOf: (k: number) => string): GraphNode[] {
  return ACTORS.map((name, k) => {
    const rng = new Rng(seed, SALT.catalog, 2, k);
    const identifier = orgNrOf(k);
    return node(`cb:public_actor:brreg.${identifier}`, "public_actor", name, {
      namespace: "brreg",
      identifier,
      name,
      country_code: k === 9 ? null : "NO",
      source_url: `https://data.brreg.no/enhetsregisteret/api/enheter/${identifier}`,
      verified_at: rng.dateTime(2023, 2025),
    });
  });
}

/** State-finance nodes of every node type; bindings point at organisations via `orgNrOf`. */
export function stateFinanceNodes(seed: number, orgNrOf: (k: number) => string): GraphNode[] {
  const out: GraphNode[] = [];
  for (let k = 0; k < 36; k++) {
    const rng = new Rng(seed, SALT.catalog, 3, k);
    const nodeType = FINANCE_TYPES[k % FINANCE_TYPES.length];
    const code = String(100 + k * 7);
    // One node carries the maximum of 25 bindings (contract: max 25).
    const bindingCount = k === 3 ? 25 : rng.int(4);
    const bindings = [];
    for (let b = 0; b < bindingCount; b++) {
      bindings.push({
        org_nr: orgNrOf(k * 31 + b),
        binding_role: rng.pick(["responsible_ministry", "accounting_entity", "reporting_entity"]),
        verification_method: rng.pick(["official_register", "official_document", "manual_review"]),
        source_url: `https://www.regjeringen.no/no/statsbudsjett/${code}`,
        verified_at: rng.dateTime(2023, 2025),
      });
    }
    const name = `${nodeType.replace(/_/g, " ")} ${code}`;
    out.push(
      node(`cb:state_finance_node:${nodeType}.${code}`, "state_finance_node", name, {
        node_type: nodeType,
        node_key: `${nodeType}.${code}`,
        code,
        active_actor_bindings: bindings,
      }),
    );
  }
  return out;
}

/** Belief traditions (some with parent and source). */
export function beliefTraditions(): GraphNode[] {
  return BELIEFS.map(([code, name, parent], k) => {
    const slug = code.toLowerCase();
    const payload: Record<string, unknown> = { code, slug, name };
    if (parent !== null || k % 3 === 0) payload.parent_code = parent;
    if (k % 2 === 0) payload.source_url = k % 4 === 0 ? null : `https://www.ssb.no/trossamfunn/${slug}`;
    return node(`cb:belief_tradition:${slug}`, "belief_tradition", name, payload);
  });
}

/** Market entities, classification groups and political parties. */
export function otherCatalogNodes(): { entities: GraphNode[]; groups: GraphNode[]; parties: GraphNode[] } {
  const entities = ENTITY_NAMES.map((name, k) =>
    node(`cb:entity:${name.toLowerCase().replace(/ø/g, "o")}`, "entity", name, {
      canonical_name: name,
      entity_type: k % 3 === 0 ? "brand" : k % 3 === 1 ? "chain" : null,
      description: k === 5 ? null : `Markedsaktør ${name}`,
    }),
  );
  const groups = GROUPS.map(([code, name], k) =>
    node(`cb:group:${code.toLowerCase()}`, "group", name, {
      system_code: code,
      system_name: k === 3 ? null : name,
    }),
  );
  const parties = PARTIES.map(([code, name]) =>
    node(`cb:party:${code.toLowerCase()}`, "party", name, { code, name }),
  );
  return { entities, groups, parties };
}
