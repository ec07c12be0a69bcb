/**
 * Names that tell players apart where space is tight (a phone's scorecard rows, leaderboards, money): each player of
 * a trip gets the shortest name that no other player of the trip shares, never cut with an ellipsis.
 *
 * In order, the first that is unique in the trip:
 * 1. the first name alone: "Mike";
 * 2. with the surname's initial: "Mike S." / "Mike T.";
 * 3. with more of the surname while the initials collide: "Mike Sm." / "Mike Sn."; the whole surname once only its
 *    last letter would be left out ("Rob Fitz." / "Rob Fitch");
 * 4. the full name as written ("Pieter van der Berg" beside "Pieter Berg").
 * A multi-word surname is abbreviated by its main word, after the particles ("van der Berg" → "Pieter B.").
 * A single name ("Tiger") is shown as it is; another player with that first name then shows more of theirs.
 * Two players with the same full name get a number after the shortest name that tells them from everyone else, in
 * the order given ("Mike S. 1" / "Mike S. 2" beside a Mike Taylor; "Mike 1" / "Mike 2" if they are the only Mikes):
 * a number, not the handicap, because a handicap can change during the trip and the name on a card must not.
 * Names are compared without case and accents ("José" and "Jose" look alike on a card); they are shown as written.
 */

export interface NamedPlayer {
  id: string;
  name: string;
}

/** Lower-case surname particles: the surname is abbreviated by the word after them. */
const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'di', 'da', 'dos', 'das', 'du', 'la', 'le', 'ten', 'ter', 'op', "'t", 'st', 'st.', 'y', 'zu', 'af', 'al', 'el', 'bin', 'ibn']);

/** The characters as a reader sees them (an accented letter is one, however it is encoded). */
function letters(text: string): string[] {
  const normal = text.normalize('NFC');
  const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  if (Segmenter) return [...new Segmenter(undefined, { granularity: 'grapheme' }).segment(normal)].map((s) => s.segment);
  return Array.from(normal);
}

/** How two names are compared: without case, accents or extra spaces. */
export function nameKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The forms of one name, shortest first; the last is the full name. */
function forms(name: string): string[] {
  const full = name.normalize('NFC').replace(/\s+/g, ' ').trim();
  const words = full.split(' ').filter(Boolean);
  if (words.length <= 1) return [full];
  const first = words[0]!;
  const rest = words.slice(1);
  // The main word of the surname: the first after any lower-case particles ("van der Berg" → "Berg").
  const main = rest.find((w, i) => i === rest.length - 1 || !PARTICLES.has(w.toLocaleLowerCase('en'))) ?? rest[rest.length - 1]!;
  const chars = letters(main);
  const out: string[] = [first];
  for (let n = 1; n < chars.length; n++) {
    // Leaving out only the last letter saves nothing: the whole word reads better ("Fitc." → "Fitch").
    if (n > 1 && chars.length - n <= 1) break;
    const prefix = chars.slice(0, n).join('');
    // An abbreviation ends on a letter ("Fitz-." would be odd).
    if (!/\p{L}$/u.test(prefix)) continue;
    out.push(`${first} ${prefix}.`);
  }
  out.push(`${first} ${main}`);
  out.push(full);
  // Same key twice in a row (e.g. "Ann Lee": "Ann Lee" is both the surname form and the full name): keep one.
  return out.filter((f, i) => i === 0 || nameKey(f) !== nameKey(out[i - 1]!));
}

/**
 * Each player's display name by id: the shortest that is unique among `players` (see the module's comment). Never
 * longer than the full name plus a number; never cut.
 */
export function displayNames(players: readonly NamedPlayer[]): Map<string, string> {
  // Players with the same full name are one "person" here while the others are told apart; numbered at the end.
  const clusters = new Map<string, NamedPlayer[]>();
  for (const p of players) {
    const key = nameKey(p.name);
    const list = clusters.get(key);
    if (list) list.push(p);
    else clusters.set(key, [p]);
  }
  const people = [...clusters.values()].map((members) => ({ members, forms: forms(members[0]!.name), level: 0 }));
  // Raise the level of everyone whose current form another shares, until no form is shared or nobody can go further.
  for (;;) {
    const byForm = new Map<string, typeof people>();
    for (const p of people) {
      const key = nameKey(p.forms[p.level]!);
      const list = byForm.get(key);
      if (list) list.push(p);
      else byForm.set(key, [p]);
    }
    let moved = false;
    for (const group of byForm.values()) {
      if (group.length < 2) continue;
      for (const p of group) {
        if (p.level < p.forms.length - 1) {
          p.level++;
          moved = true;
        }
      }
    }
    if (!moved) break;
  }
  const out = new Map<string, string>();
  for (const p of people) {
    const shown = p.forms[p.level]!;
    if (p.members.length === 1) out.set(p.members[0]!.id, shown);
    else p.members.forEach((m, i) => out.set(m.id, `${forms(m.name)[p.level] ?? shown} ${i + 1}`));
  }
  return out;
}
