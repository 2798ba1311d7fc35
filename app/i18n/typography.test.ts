import { describe, expect, it } from 'vitest';
import { fr } from '~/locales/fr';
import { LOCALES } from '~/locales';
import { typeset, typesetFilled, typesetTexts } from './typography';

describe('typography per language', () => {
  it('sets French punctuation with no-break spaces, whether the space was typed or not', () => {
    expect(typeset('fr', 'Entrepôt : Miami')).toBe('Entrepôt\u00a0: Miami');
    expect(typeset('fr', 'Prix total: 1 319 €')).toBe('Prix total\u00a0: 1 319 €');
    expect(typeset('fr', 'Vous êtes déconnecté !')).toBe('Vous êtes déconnecté\u202f!');
    expect(typeset('fr', 'Quitter ? Oui; non')).toBe('Quitter\u202f? Oui\u202f; non');
    expect(typeset('fr', '« Soldes » -10 %')).toBe('«\u202fSoldes\u202f» -10\u202f%');
  });

  it('gives French its typographic apostrophe, between letters only', () => {
    expect(typeset('fr', "Adresse d'expédition, l'{{item}}, aujourd’hui")).toBe(
      'Adresse d\u2019expédition, l\u2019{{item}}, aujourd\u2019hui',
    );
    expect(typeset('fr', "'Guillemets' et 'x'")).toBe("'Guillemets' et 'x'");
    expect(typeset('en', "Don't")).toBe("Don't");
  });

  it('leaves URLs, times, queries and placeholders alone, and is idempotent', () => {
    const text = 'Voir https://example.com/a?b=1 à 12:30 ({{from}}:{{to}})';
    expect(typeset('fr', text)).toBe(text);
    const once = typeset('fr', 'Note : « oui » ?');
    expect(typeset('fr', once)).toBe(once);
  });

  it('changes nothing in English or German', () => {
    expect(typeset('en', 'Total: 5 ?')).toBe('Total: 5 ?');
    expect(typesetTexts('de', { a: 'Lager: Köln' })).toEqual({ a: 'Lager: Köln' });
  });

  it('is applied to the French texts the portal serves: no plain space before : ; ? !, no straight apostrophe', () => {
    const served = LOCALES.fr!;
    const plain = Object.entries(served).filter(([, text]) => / [:;?!](\s|$)|\p{L}'\p{L}/u.test(text));
    expect(plain).toEqual([]);
    expect(served['logout.success']).toBe(typeset('fr', fr['logout.success']));
    expect(served['logout.success']).not.toBe(fr['logout.success']);
  });

  it('elides only filled names: no French text of the catalogue changes when filled', () => {
    const changed = Object.entries(LOCALES.fr!).filter(([, text]) => typesetFilled('fr', text) !== text);
    expect(changed).toEqual([]);
    expect(typesetFilled('fr', 'Historique de iPhone 11, de Apple, de HP, de Yves, de A à Z')).toBe(
      'Historique d\u2019iPhone 11, d\u2019Apple, de HP, de Yves, de A à Z',
    );
  });
});
