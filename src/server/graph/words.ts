/**
 * Word lists of the synthetic data. Organisation names are three words, one from each of three
 * 100-word lists built from 10 × 10 parts, so that a name can be turned back into its index.
 */

const PLACE_HEAD = ["Nord", "Sør", "Vest", "Øst", "Fjord", "Fjell", "Skog", "Sjø", "Elve", "Berg"];
const PLACE_TAIL = ["vik", "dal", "heim", "nes", "berg", "land", "strand", "haug", "lund", "voll"];
const TRADE_HEAD = [
  "Bygg",
  "Data",
  "Elektro",
  "Transport",
  "Eiendom",
  "Fisk",
  "Mat",
  "Helse",
  "Energi",
  "Marin",
];
const TRADE_TAIL = [
  "service",
  "teknikk",
  "partner",
  "handel",
  "utvikling",
  "drift",
  "invest",
  "consult",
  "systemer",
  "montasje",
];
const MARK_HEAD = ["Nye", "Gamle", "Store", "Lille", "Blå", "Grønne", "Røde", "Gylne", "Hvite", "Sorte"];
const MARK_TAIL = ["Ørn", "Ulv", "Bjørn", "Rev", "Elg", "Laks", "Måke", "Ravn", "Hjort", "Gaupe"];

function combine(heads: string[], tails: string[], sep: string): string[] {
  const out: string[] = [];
  for (const h of heads) for (const t of tails) out.push(h + sep + t);
  return out;
}

/** First word of an organisation name (a place-like word). */
export const NAME_A = combine(PLACE_HEAD, PLACE_TAIL, "");
/** Second word (a trade word). */
export const NAME_B = combine(TRADE_HEAD, TRADE_TAIL, "");
/** Third word (a mark, joined with a hyphen so it stays one token). */
export const NAME_C = combine(MARK_HEAD, MARK_TAIL, "-");

/** Organisation forms: code, description, weight (per 100). */
export const ORG_FORMS: ReadonlyArray<readonly [string, string, number]> = [
  ["AS", "Aksjeselskap", 60],
  ["ENK", "Enkeltpersonforetak", 14],
  ["ASA", "Allmennaksjeselskap", 2],
  ["DA", "Ansvarlig selskap med delt ansvar", 5],
  ["SA", "Samvirkeforetak", 5],
  ["NUF", "Norskregistrert utenlandsk foretak", 5],
  ["STI", "Stiftelse", 4],
  ["FLI", "Forening/lag/innretning", 5],
];

/** Sub-unit form. */
export const SUBUNIT_FORM: readonly [string, string] = [
  "BEDR",
  "Underenhet til næringsdrivende og offentlig forvaltning",
];

/** Municipalities: code, name, postal code base, latitude, longitude. */
export const MUNICIPALITIES: ReadonlyArray<readonly [string, string, number, number, number]> = [
  ["0301", "Oslo", 150, 59.9139, 10.7522],
  ["4601", "Bergen", 5003, 60.3913, 5.3221],
  ["5001", "Trondheim", 7010, 63.4305, 10.3951],
  ["1103", "Stavanger", 4006, 58.97, 5.7331],
  ["3024", "Bærum", 1337, 59.8939, 10.5469],
  ["4204", "Kristiansand", 4610, 58.1467, 7.9956],
  ["5501", "Tromsø", 9008, 69.6492, 18.9553],
  ["3005", "Drammen", 3015, 59.7439, 10.2045],
  ["3107", "Fredrikstad", 1606, 59.2181, 10.9298],
  ["1108", "Sandnes", 4306, 58.8524, 5.7352],
  ["3403", "Hamar", 2317, 60.7945, 11.068],
  ["1507", "Ålesund", 6002, 62.4722, 6.1495],
  ["1804", "Bodø", 8006, 67.2804, 14.4049],
  ["3907", "Sandefjord", 3210, 59.1312, 10.2166],
  ["4203", "Arendal", 4836, 58.4617, 8.7724],
  ["1506", "Molde", 6413, 62.7372, 7.1607],
  ["3405", "Lillehammer", 2609, 61.1153, 10.4662],
  ["1106", "Haugesund", 5527, 59.4138, 5.268],
  ["5403", "Alta", 9510, 69.9689, 23.2717],
  ["3201", "Asker", 1383, 59.8331, 10.4392],
];

/** Industry codes (NACE, SN2007 style) with descriptions. */
export const NACE: ReadonlyArray<readonly [string, string]> = [
  ["41.200", "Oppføring av bygninger"],
  ["43.210", "Elektrisk installasjonsarbeid"],
  ["62.010", "Programmeringstjenester"],
  ["62.020", "Konsulentvirksomhet tilknyttet informasjonsteknologi"],
  ["68.209", "Utleie av egen eller leid fast eiendom ellers"],
  ["70.100", "Hovedkontortjenester"],
  ["64.200", "Holdingselskaper"],
  ["49.410", "Godstransport på vei"],
  ["03.211", "Produksjon av matfisk og skalldyr i hav- og kystbasert fiskeoppdrett"],
  ["56.101", "Drift av restauranter og kafeer"],
  ["47.110", "Butikkhandel med bredt vareutvalg med hovedvekt på nærings- og nytelsesmidler"],
  ["86.211", "Allmenn legetjeneste"],
  ["35.111", "Produksjon av elektrisitet fra vannkraft"],
  ["71.129", "Annen teknisk konsulentvirksomhet"],
  ["73.110", "Reklamebyråer"],
  ["85.599", "Annen undervisning ikke nevnt annet sted"],
  ["96.021", "Frisering og annen skjønnhetspleie"],
  ["45.201", "Alminnelig service og reparasjon av motorvogner, unntatt karosserireparasjon"],
  ["01.410", "Melkeproduksjon på storfe"],
  ["94.991", "Aktiviteter i andre interesseorganisasjoner ikke nevnt annet sted"],
];

/** Person first names (ASCII, so influencer usernames can reuse them). */
export const FIRST_NAMES = [
  "ola",
  "kari",
  "per",
  "anne",
  "lars",
  "ingrid",
  "nils",
  "marit",
  "jon",
  "silje",
  "erik",
  "hilde",
  "knut",
  "tone",
  "arne",
  "liv",
  "odd",
  "randi",
  "geir",
  "nina",
  "terje",
  "heidi",
  "trond",
  "linn",
  "stian",
  "emma",
  "jonas",
  "nora",
  "magnus",
  "sara",
];

/** Person last names (ASCII). */
export const LAST_NAMES = [
  "hansen",
  "johansen",
  "olsen",
  "larsen",
  "andersen",
  "pedersen",
  "nilsen",
  "kristiansen",
  "jensen",
  "karlsen",
  "johnsen",
  "pettersen",
  "eriksen",
  "berg",
  "haugen",
  "hagen",
  "johannessen",
  "andreassen",
  "jacobsen",
  "dahl",
  "bakken",
  "halvorsen",
  "henriksen",
  "lund",
  "solberg",
  "moen",
  "gundersen",
  "iversen",
  "strand",
  "svendsen",
];

/** Roles in the business register: code and name. */
export const ROLES: ReadonlyArray<readonly [string, string]> = [
  ["DAGL", "Daglig leder"],
  ["LEDE", "Styrets leder"],
  ["MEDL", "Styremedlem"],
  ["NEST", "Nestleder"],
  ["VARA", "Varamedlem"],
  ["REVI", "Revisor"],
  ["INNH", "Innehaver"],
];

/** Capitalises a lower-case word. */
export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
