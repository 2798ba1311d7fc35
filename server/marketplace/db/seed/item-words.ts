import type { DeviceModel } from './device-models';
import type { DemoRegion } from './regions';
import { DEMO_TEXTS } from './texts';

/**
 * The words of a demo item's name and attributes: the carriers of the demo's region, and colours and
 * options in the tenant's language, as a French or German seller writes its own stock ("Apple iPhone 11
 * 64GB Noir Orange Grade A"). Item numbers keep being made of the English words and the carriers' own
 * names: a seller's codes do not change with the language its buyers read.
 */
export interface ItemWords {
  /** The values of the model's option axis (carrier, connectivity, keyboard) in this region, as codes are made of them. */
  optionsOf(model: DeviceModel): readonly string[];
  /** What a buyer reads for a colour, an option or a grade's label given in English. */
  word(english: string): string;
}

/** A European tenant's carriers are its country's; each list keeps the American one's length (device-models.ts), so the seeded stock has the same shape. */
const EU_CARRIERS: Record<string, readonly string[]> = {
  fr: ['Unlocked', 'Orange', 'SFR', 'Bouygues Telecom', 'Free'],
  de: ['Unlocked', 'Telekom', 'Vodafone', 'O2', '1&1'],
  en: ['Unlocked', 'Vodafone', 'Orange', 'Telekom', 'O2'],
};
const EU_KEYBOARDS = ['FR Keyboard', 'DE Keyboard', 'UK Keyboard'];

/** Carriers are their own names in every language; every other option and every colour of device-models.ts has its word here. */
export const ITEM_WORDS: Record<'fr' | 'de', Record<string, string>> = {
  fr: {
    Unlocked: 'Débloqué',
    'Wi-Fi': 'Wi-Fi',
    'Wi-Fi + Cellular': 'Wi-Fi + Cellulaire',
    GPS: 'GPS',
    'GPS + Cellular': 'GPS + Cellulaire',
    'US Keyboard': 'Clavier US',
    'UK Keyboard': 'Clavier UK',
    'DE Keyboard': 'Clavier DE',
    'FR Keyboard': 'Clavier FR',
    Black: 'Noir',
    White: 'Blanc',
    Blue: 'Bleu',
    Red: 'Rouge',
    Green: 'Vert',
    Graphite: 'Graphite',
    Silver: 'Argent',
    Gold: 'Or',
    'Pacific Blue': 'Bleu Pacifique',
    Midnight: 'Minuit',
    Starlight: 'Lumière stellaire',
    Pink: 'Rose',
    'Sierra Blue': 'Bleu alpin',
    Purple: 'Violet',
    'Space Black': 'Noir sidéral',
    'Deep Purple': 'Violet intense',
    Yellow: 'Jaune',
    'Black Titanium': 'Titane noir',
    'White Titanium': 'Titane blanc',
    'Blue Titanium': 'Titane bleu',
    'Natural Titanium': 'Titane naturel',
    'Phantom Black': 'Noir fantôme',
    Cream: 'Crème',
    Lavender: 'Lavande',
    'Onyx Black': 'Noir onyx',
    'Marble Grey': 'Gris marbre',
    'Cobalt Violet': 'Violet cobalt',
    'Amber Yellow': 'Jaune ambre',
    'Awesome Black': 'Noir intense',
    'Awesome White': 'Blanc intense',
    'Awesome Lime': 'Vert citron',
    Obsidian: 'Obsidienne',
    Snow: 'Neige',
    Hazel: 'Noisette',
    'Sorta Seafoam': 'Vert d’eau',
    'Eclipse Black': 'Noir éclipse',
    'Sea Blue': 'Bleu océan',
    'Dark Pearl': 'Perle sombre',
    'Glacier Blue': 'Bleu glacier',
    'Space Gray': 'Gris sidéral',
    Beige: 'Beige',
    'Pink Gold': 'Or rose',
    'Slate Grey': 'Gris ardoise',
    'Matte Black': 'Noir mat',
    'Polished Silver': 'Argent poli',
    'Champagne Gold': 'Or champagne',
    'Carbon Fiber': 'Fibre de carbone',
    'Platinum Silver': 'Argent platine',
    Frost: 'Givre',
  },
  de: {
    Unlocked: 'Ohne Simlock',
    'Wi-Fi': 'WLAN',
    'Wi-Fi + Cellular': 'WLAN + Mobilfunk',
    GPS: 'GPS',
    'GPS + Cellular': 'GPS + Mobilfunk',
    'US Keyboard': 'US-Tastatur',
    'UK Keyboard': 'UK-Tastatur',
    'DE Keyboard': 'DE-Tastatur',
    'FR Keyboard': 'FR-Tastatur',
    Black: 'Schwarz',
    White: 'Weiß',
    Blue: 'Blau',
    Red: 'Rot',
    Green: 'Grün',
    Graphite: 'Graphit',
    Silver: 'Silber',
    Gold: 'Gold',
    'Pacific Blue': 'Pazifikblau',
    Midnight: 'Mitternacht',
    Starlight: 'Polarstern',
    Pink: 'Rosé',
    'Sierra Blue': 'Sierrablau',
    Purple: 'Violett',
    'Space Black': 'Space Schwarz',
    'Deep Purple': 'Dunkellila',
    Yellow: 'Gelb',
    'Black Titanium': 'Titan Schwarz',
    'White Titanium': 'Titan Weiß',
    'Blue Titanium': 'Titan Blau',
    'Natural Titanium': 'Titan Natur',
    'Phantom Black': 'Phantomschwarz',
    Cream: 'Creme',
    Lavender: 'Lavendel',
    'Onyx Black': 'Onyxschwarz',
    'Marble Grey': 'Marmorgrau',
    'Cobalt Violet': 'Kobaltviolett',
    'Amber Yellow': 'Bernsteingelb',
    'Awesome Black': 'Tiefschwarz',
    'Awesome White': 'Reinweiß',
    'Awesome Lime': 'Limettengrün',
    Obsidian: 'Obsidian',
    Snow: 'Schneeweiß',
    Hazel: 'Haselnuss',
    'Sorta Seafoam': 'Meeresgrün',
    'Eclipse Black': 'Nachtschwarz',
    'Sea Blue': 'Meeresblau',
    'Dark Pearl': 'Dunkelperle',
    'Glacier Blue': 'Gletscherblau',
    'Space Gray': 'Space Grau',
    Beige: 'Beige',
    'Pink Gold': 'Roségold',
    'Slate Grey': 'Schiefergrau',
    'Matte Black': 'Mattschwarz',
    'Polished Silver': 'Silber poliert',
    'Champagne Gold': 'Champagnergold',
    'Carbon Fiber': 'Carbonfaser',
    'Platinum Silver': 'Platinsilber',
    Frost: 'Frostweiß',
  },
};

/** A colour's, an option's or a grade label's word in the language (English where it has none). */
export function wordIn(language: string): (english: string) => string {
  const base = language.split('-')[0]!;
  const words: Record<string, string> = ITEM_WORDS[base as keyof typeof ITEM_WORDS] ?? {};
  // The marketplace's texts name the grades; an item's name ends with its grade's label in the same words.
  const grades = DEMO_TEXTS[base] ?? {};
  return (english) => words[english] ?? grades[english] ?? english;
}

export function itemWords(region: DemoRegion, language = 'en'): ItemWords {
  const base = language.split('-')[0]!;
  const european: Partial<Record<DeviceModel['category'], readonly string[]>> = {
    PHONES: EU_CARRIERS[base] ?? EU_CARRIERS.en!,
    LAPTOPS: EU_KEYBOARDS,
  };
  return {
    optionsOf: (model) => (region === 'eu' ? european[model.category] : undefined) ?? model.options,
    word: wordIn(language),
  };
}
