/**
 * Names that tell players apart in tight places (web/common/display-names.ts): the shortest name unique in the trip,
 * for a 24-player trip with two Mikes, two Robs whose surnames start alike and a player known by one name.
 */
import { describe, expect, it } from 'vitest';
import { displayNames, nameKey } from '../../web/common/display-names.js';

const trip24 = [
  'Mike Smith', 'Mike Taylor', 'Rob Fitzgerald', 'Rob Fisher', 'Tiger', 'Ann Lee', 'Ben Carter', 'Cat Ward',
  'Dan Brown', 'Eve Martin', 'Finn Walsh', 'Gus Price', 'Hal Young', 'Ivy Chen', 'Jack Ross', 'Kim Park',
  'Leo Grant', 'Max Hill', 'Ned Stone', 'Olga Novak', 'Paul King', 'Quinn Bell', 'Ray Ortiz', 'Sam Cole',
].map((name, i) => ({ id: `p${i + 1}`, name }));

const shown = (names: string[]) => {
  const players = names.map((name, i) => ({ id: `p${i}`, name }));
  const map = displayNames(players);
  return players.map((p) => map.get(p.id));
};

describe('displayNames', () => {
  it('tells every player of a 24-player trip apart with the shortest name', () => {
    const map = displayNames(trip24);
    const by = (name: string) => map.get(trip24.find((p) => p.name === name)!.id);
    expect(by('Mike Smith')).toBe('Mike S.');
    expect(by('Mike Taylor')).toBe('Mike T.');
    // The Robs' initials collide, and the next letter too: "Rob Fi." would still be both.
    expect(by('Rob Fitzgerald')).toBe('Rob Fit.');
    expect(by('Rob Fisher')).toBe('Rob Fis.');
    expect(by('Tiger')).toBe('Tiger');
    // A first name nobody else has is enough.
    expect(by('Ann Lee')).toBe('Ann');
    expect(by('Sam Cole')).toBe('Sam');
    expect(map.size).toBe(24);
    const keys = [...map.values()].map(nameKey);
    expect(new Set(keys).size).toBe(24);
    for (const v of map.values()) expect(v).not.toMatch(/…/);
  });

  it('goes as far as the surname needs, and writes the whole surname rather than leave out its last letter', () => {
    expect(shown(['Mike Smith', 'Mike Snow'])).toEqual(['Mike Sm.', 'Mike Sn.']);
    expect(shown(['Rob Fitzgerald', 'Rob Fitch'])).toEqual(['Rob Fitz.', 'Rob Fitch']);
    expect(shown(['Ann Lee', 'Ann Lim'])).toEqual(['Ann Lee', 'Ann Lim']);
    expect(shown(['Ann Lee', 'Ann Smith'])).toEqual(['Ann L.', 'Ann S.']);
    // Only the colliding players say more: Mike Taylor stays "Mike T." while the two S's go on.
    expect(shown(['Mike Smith', 'Mike Snow', 'Mike Taylor', 'Michael Jones'])).toEqual(['Mike Sm.', 'Mike Sn.', 'Mike T.', 'Michael']);
  });

  it('keeps a single name as it is and makes the other player with that first name say more', () => {
    expect(shown(['Rob', 'Rob Fitzgerald'])).toEqual(['Rob', 'Rob F.']);
    expect(shown(['Tiger', 'Phil Mickelson'])).toEqual(['Tiger', 'Phil']);
  });

  it('abbreviates a multi-word surname by its main word, and shows the full name when that is what tells two apart', () => {
    expect(shown(['Pieter van der Berg', 'Pieter Jansen'])).toEqual(['Pieter B.', 'Pieter J.']);
    expect(shown(['Pieter van der Berg', 'Pieter Berg'])).toEqual(['Pieter van der Berg', 'Pieter Berg']);
    expect(shown(['Ludwig von Trapp', 'Ludwig Thoma'])).toEqual(['Ludwig Tr.', 'Ludwig Th.']);
  });

  it('numbers players with the same full name, in the order given, after the shortest name that tells them from the rest', () => {
    expect(shown(['Mike Smith', 'Mike Smith', 'Mike Taylor'])).toEqual(['Mike S. 1', 'Mike S. 2', 'Mike T.']);
    expect(shown(['Mike Smith', 'Mike Smith', 'Ann Lee'])).toEqual(['Mike 1', 'Mike 2', 'Ann']);
    expect(shown(['Tiger', 'Tiger'])).toEqual(['Tiger 1', 'Tiger 2']);
    // Case and spaces do not make two names different.
    expect(shown(['mike  smith', 'Mike Smith'])).toEqual(['mike 1', 'Mike 2']);
  });

  it('compares without accents, shows them as written, and abbreviates on whole letters', () => {
    expect(shown(['José Sánchez', 'Jose Santos'])).toEqual(['José Sánc.', 'Jose Sant.']);
    // "Ó." and "O." would look alike: one more letter.
    expect(shown(['Élodie Ómar', 'Élodie Olsen'])).toEqual(['Élodie Óm.', 'Élodie Ol.']);
    // A decomposed accent (e + combining acute) is one letter, kept whole.
    const decomposed = 'Rene\u0301 Durand';
    const [a, b] = shown([decomposed, 'René Dupont']);
    expect(a).toBe('René Dur.');
    expect(b).toBe('René Dup.');
    expect(shown(['Zoë Kraft', 'Zoe Klein'])).toEqual(['Zoë Kr.', 'Zoe Kl.']);
  });

  it('answers nothing for no players, and tidies the spaces of a name', () => {
    expect(displayNames([])).toEqual(new Map());
    const map = displayNames([{ id: 'a', name: '  Ann   Lee ' }]);
    expect(map.get('a')).toBe('Ann');
  });
});
