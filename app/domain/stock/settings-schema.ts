import { z } from 'zod';

/** Stock list settings of one participant (spec 1 §3). */
export const stocklistSettingsSchema = z.object({
  pxParticipantId: z.string(),
  category: z.array(z.string()),
  categoryLabels: z.record(z.string(), z.string()).default({}),
  attributeLabels: z.record(z.string(), z.string()).default({}),
  searchLevels: z.record(z.string(), z.array(z.string()).max(3)).default({}),
  grade: z.array(z.string()).default([]),
  gradeLabels: z.record(z.string(), z.string()).default({}),
  gradeLabelDescriptions: z.record(z.string(), z.string()).default({}),
  gradeFilterGroups: z
    .array(z.object({ header: z.string().default(''), footer: z.string().default(''), grades: z.array(z.string()) }))
    .default([]),
  showGradeIcon: z.boolean().default(false),
  sortOrder: z.array(z.string()).default([]),
  attributeSortAlgorithm: z.enum(['Default', 'AlphanumericAsNumeric']).default('Default'),
  warehouse: z.array(z.string()).default([]),
  warehouseLabels: z.record(z.string(), z.string()).default({}),
  warehouseAcceptingOffer: z.array(z.string()).default([]),
  defaultAlertQuantity: z.number().int().positive().optional(),
  maxItemQuantityToBeDisplayed: z.number().int().positive().optional(),
  groupTopRightAttribute: z.string().optional(),
  groupBottomRightAttribute: z.string().optional(),
  /** How long a seller's acceptance or counter holds, in hours (our tenant API's addition; absent elsewhere). */
  offerAnswerValidHours: z.number().int().positive().optional(),
  itemDescriptionRules: z
    .object({
      itemNumberDescriptionPrefix: z.string().default(''),
      itemNumberDescriptionSuffix: z.string().default(''),
    })
    .default({ itemNumberDescriptionPrefix: '', itemNumberDescriptionSuffix: '' }),
});
