import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { idSchema } from '../../../app/domain/ids';
import { IMPORT_MAX_FILE_BYTES } from '../../../app/domain/offers/import';
import { QUICK_ORDER_MAX_CHARS } from '../../../app/domain/offers/quick-order';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import { ApiError } from '../errors';
import { assertCanBuy } from '../services/offers/offers';
import type { OfferImport } from '../services/offers/import/service';
import { importTemplateStream } from '../services/stock/stock-export';
import { ownParticipantId } from '../services/shared/settings';
import { jsonBody } from './validate';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BASE = '/stocklist/offer/bulk-offer-import';
export const acceptBody = z.object({ batchId: idSchema, expected: z.number().int().min(0).optional() });
/** The quick order pad's lines as typed: the reader judges them (length, rows, cells) with the import's limits. */
export const textBody = z.object({ text: z.string() });
/** A text at its limit as JSON: three bytes a character at most, escapes included, and room for the envelope. */
const TEXT_BODY_BYTES = QUICK_ORDER_MAX_CHARS * 3 + 1024;

/** The file name as sent (spec 1 §7: a file-name header), or the part's own name. */
function fileNameOf(header: string | undefined, part: File): string {
  let name = header ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // taken as sent
  }
  return (name || part.name || 'import.xlsx').replace(/[\u0000-\u001f\\/]/g, '_').slice(0, 200);
}

/** The bulk offer import calls of spec 1 §7, and the template download. */
export function offerImportRoutes(deps: MarketplaceDeps, imports: OfferImport) {
  const { db, stock, config, t } = deps;
  return new Hono<MarketplaceEnv>()
    .get(`${BASE}/template`, async (c) => {
      const own = (await ownParticipantId(db)) ?? '';
      const [snapshot, settings] = await Promise.all([stock.snapshot(own), stock.settings(own)]);
      const item = snapshot.items.find((i) => i.quantityAvailable > 0 && i.listPrice !== null);
      const rules = settings?.itemDescriptionRules;
      const example = item
        ? {
            itemNumber: `${rules?.itemNumberDescriptionPrefix ?? ''}${item.itemNumber}${rules?.itemNumberDescriptionSuffix ?? ''}`,
            warehouse: settings?.warehouseLabels[item.warehouse] ?? item.warehouse,
            quantity: Math.max(1, item.incrementSize ?? 1),
            price: item.listPrice!,
          }
        : null;
      return c.body(Readable.toWeb(importTemplateStream(example, config, t)) as ReadableStream<Uint8Array>, 200, {
        'content-type': XLSX_TYPE,
        'content-disposition': `attachment; filename="${t('sheet.import.fileName').replace(/[^\w.-]/g, '_')}"`,
      });
    })
    .post(
      BASE,
      bodyLimit({
        maxSize: IMPORT_MAX_FILE_BYTES + 64 * 1024,
        onError: () => {
          throw new ApiError(413, 'importTooLarge', 'The file is larger than allowed', {
            limitMb: Math.floor(IMPORT_MAX_FILE_BYTES / (1024 * 1024)),
          });
        },
      }),
      async (c) => {
        await assertCanBuy(db, c.get('user'));
        let body: Record<string, unknown>;
        try {
          body = await c.req.parseBody({ all: true });
        } catch {
          throw new ApiError(400, 'importNoFile', 'Please upload the file to have a successful import.');
        }
        const files = Object.values(body)
          .flatMap((v) => (Array.isArray(v) ? v : [v]))
          .filter((v): v is File => v instanceof File && v.size > 0);
        if (!files.length)
          throw new ApiError(400, 'importNoFile', 'Please upload the file to have a successful import.');
        if (files.length > 1) throw new ApiError(400, 'importOneFile', 'Only one file may be uploaded at a time');
        const file = files[0]!;
        const { batchId, rows } = await imports.upload(
          c.get('user'),
          fileNameOf(c.req.header('file-name'), file),
          new Uint8Array(await file.arrayBuffer()),
        );
        return c.json({ batchId, rows }, 201);
      },
    )
    .post(
      `${BASE}/text`,
      bodyLimit({
        maxSize: TEXT_BODY_BYTES,
        onError: () => {
          throw new ApiError(413, 'quickOrderTooLong', `The text is longer than ${QUICK_ORDER_MAX_CHARS} characters`, {
            max: QUICK_ORDER_MAX_CHARS,
          });
        },
      }),
      async (c) => {
        await assertCanBuy(db, c.get('user'));
        const { text } = await jsonBody(c, textBody);
        return c.json(await imports.uploadText(c.get('user'), text), 201);
      },
    )
    .get(`${BASE}/text`, async (c) => c.json(await imports.keptLines(c.get('user'))))
    .get(BASE, async (c) => c.json(await imports.review(c.get('user'))))
    .post(`${BASE}/cancel`, async (c) => {
      await imports.cancel(c.get('user'));
      return c.body(null, 204);
    })
    .post(`${BASE}/accept`, async (c) => {
      await assertCanBuy(db, c.get('user'));
      const { batchId, expected } = await jsonBody(c, acceptBody);
      return c.json(await imports.accept(c.get('user'), batchId, expected));
    })
    .delete(`${BASE}/:itemNumberWarehouse`, async (c) => {
      const key = c.req.param('itemNumberWarehouse');
      if (key.length > 200) throw new ApiError(400, 'badRequest', 'Not an item');
      await imports.removeEntry(c.get('user'), key);
      return c.body(null, 204);
    });
}
