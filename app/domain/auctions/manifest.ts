/** A lot's manifest (issue 53): its lines, as the seller's spreadsheet or the admin API gives them. */

export const MANIFEST_LIMITS = { lines: 2_000, text: 120, imeisPerLine: 1_000, quantity: 100_000 } as const;

export const MANIFEST_COLUMNS = ['model', 'grade', 'capacity', 'colour', 'quantity', 'imei'] as const;
export type ManifestColumn = (typeof MANIFEST_COLUMNS)[number];

/** Header texts each column is recognised by, lowered (English, French, German). */
export const MANIFEST_HEADERS: Record<ManifestColumn, string[]> = {
  model: ['model', 'modèle', 'modell'],
  grade: ['grade', 'note', 'zustand'],
  capacity: ['capacity', 'capacité', 'kapazität', 'storage'],
  colour: ['colour', 'color', 'couleur', 'farbe'],
  quantity: ['quantity', 'qty', 'quantité', 'menge'],
  imei: ['imei', 'imeis'],
};

export interface ManifestLine {
  model: string;
  grade: string;
  capacity: string;
  colour: string;
  quantity: number;
  imeis: string[];
}

/** Units and units per grade of a manifest (the list shows them). */
export function manifestTotals(lines: readonly ManifestLine[]) {
  const gradeMix: Record<string, number> = {};
  let units = 0;
  for (const line of lines) {
    units += line.quantity;
    gradeMix[line.grade] = (gradeMix[line.grade] ?? 0) + line.quantity;
  }
  return { units, gradeMix };
}
