import type { CategoryCode } from './device-models';
import { PSEUDO_LANGUAGE, pseudoText } from '../../../../app/locales/pseudo';

/**
 * The demo catalogue's words (category and attribute names, grade groups, group descriptions) in the
 * tenant's language, as a tenant's own catalogue data would be. The words of item names (colours,
 * carriers, options) are in item-words.ts.
 */
export interface CatalogueLabels {
  categories: Record<CategoryCode, string>;
  attributes: Record<string, string>;
  groupDescriptions: Record<CategoryCode, string>;
  gradeGroups: { top: { header: string; footer: string }; value: { header: string; footer: string } };
}

const EN: CatalogueLabels = {
  categories: { PHONES: 'Phones', TABLETS: 'Tablets', WATCHES: 'Watches', LAPTOPS: 'Laptops' },
  attributes: {
    manufacturer: 'Manufacturer',
    model: 'Model',
    capacity: 'Capacity',
    size: 'Case Size',
    configuration: 'Memory / Storage',
    processor: 'Processor',
    color: 'Color',
    carrier: 'Carrier',
    connectivity: 'Connectivity',
    keyboard: 'Keyboard',
    grade: 'Grade',
  },
  groupDescriptions: {
    PHONES: 'Tested, data-wiped and graded handsets; carrier and colour vary by item.',
    TABLETS: 'Tested and graded tablets with charger; colour and connectivity vary by item.',
    WATCHES: 'Tested and graded smart watches with band; colour and connectivity vary by item.',
    LAPTOPS: 'Tested and graded laptops with charger; keyboard layout and colour vary by item.',
  },
  gradeGroups: {
    top: { header: 'Top grades', footer: 'Little or no sign of use' },
    value: { header: 'Value grades', footer: 'Visible wear, fully functional' },
  },
};

const FR: CatalogueLabels = {
  categories: { PHONES: 'Téléphones', TABLETS: 'Tablettes', WATCHES: 'Montres', LAPTOPS: 'Ordinateurs portables' },
  attributes: {
    manufacturer: 'Fabricant',
    model: 'Modèle',
    capacity: 'Capacité',
    size: 'Taille du boîtier',
    configuration: 'Mémoire / stockage',
    processor: 'Processeur',
    color: 'Couleur',
    carrier: 'Opérateur',
    connectivity: 'Connectivité',
    keyboard: 'Clavier',
    grade: 'Grade',
  },
  groupDescriptions: {
    PHONES: 'Téléphones testés, effacés et classés ; opérateur et couleur selon l’article.',
    TABLETS: 'Tablettes testées et classées, avec chargeur ; couleur et connectivité selon l’article.',
    WATCHES: 'Montres connectées testées et classées, avec bracelet ; couleur et connectivité selon l’article.',
    LAPTOPS: 'Ordinateurs portables testés et classés, avec chargeur ; clavier et couleur selon l’article.',
  },
  gradeGroups: {
    top: { header: 'Meilleurs grades', footer: 'Peu ou pas de traces d’usage' },
    value: { header: 'Grades économiques', footer: 'Traces d’usage visibles, entièrement fonctionnel' },
  },
};

const DE: CatalogueLabels = {
  categories: { PHONES: 'Smartphones', TABLETS: 'Tablets', WATCHES: 'Uhren', LAPTOPS: 'Notebooks' },
  attributes: {
    manufacturer: 'Hersteller',
    model: 'Modell',
    capacity: 'Speicherkapazität',
    size: 'Gehäusegröße',
    configuration: 'Arbeitsspeicher / Speicher',
    processor: 'Prozessor',
    color: 'Farbe',
    carrier: 'Netzbetreiber',
    connectivity: 'Konnektivität',
    keyboard: 'Tastatur',
    grade: 'Zustand',
  },
  groupDescriptions: {
    PHONES: 'Geprüfte, gelöschte und eingestufte Smartphones; Netzbetreiber und Farbe je nach Artikel.',
    TABLETS: 'Geprüfte und eingestufte Tablets mit Ladegerät; Farbe und Konnektivität je nach Artikel.',
    WATCHES: 'Geprüfte und eingestufte Smartwatches mit Armband; Farbe und Konnektivität je nach Artikel.',
    LAPTOPS: 'Geprüfte und eingestufte Notebooks mit Ladegerät; Tastaturbelegung und Farbe je nach Artikel.',
  },
  gradeGroups: {
    top: { header: 'Beste Zustände', footer: 'Kaum oder keine Gebrauchsspuren' },
    value: { header: 'Preiswerte Zustände', footer: 'Sichtbare Gebrauchsspuren, voll funktionsfähig' },
  },
};

const BY_LANGUAGE: Record<string, CatalogueLabels> = { en: EN, fr: FR, de: DE };

export function catalogueLabels(language = 'en'): CatalogueLabels {
  if (language === PSEUDO_LANGUAGE) return pseudoTree(EN);
  return BY_LANGUAGE[language.split('-')[0]!] ?? EN;
}

/** Every text of a labels tree in the test-only pseudo-locale. */
function pseudoTree<T>(tree: T): T {
  if (typeof tree === 'string') return pseudoText(tree) as T;
  return Object.fromEntries(
    Object.entries(tree as Record<string, unknown>).map(([key, value]) => [key, pseudoTree(value)]),
  ) as T;
}
