/**
 * The form in which a requested id and an id a target reports are compared when the target may have
 * normalised it. The contract neither requires nor forbids normalising input ids ("may be echoed", Identifiers),
 * so a match only in this form is accepted (as a warning where a check reports it), never a failure.
 */

/** `id` trimmed, in Unicode NFC and lower case. */
export function idForm(id: string): string {
  return id.trim().normalize("NFC").toLowerCase();
}

/** The normalised forms of `ids`, for lookups. */
export function idForms(ids: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const id of ids) out.add(idForm(id));
  return out;
}

/**
 * Whether an id matches one of the ids of `sources` in normalised form. The forms are built on the first call only, so the
 * usual case (every id reported exactly as sent, under load too) never pays for them.
 */
export function formMatcher(...sources: Iterable<unknown>[]): (id: string) => boolean {
  let forms: Set<string> | undefined;
  return (id) => {
    forms ??= idForms(sources.flatMap((ids) => [...ids].filter((v): v is string => typeof v === "string")));
    return forms.has(idForm(id));
  };
}
