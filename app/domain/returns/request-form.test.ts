import { readFileSync } from 'node:fs';
import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { orderLookupSchema, requestedUnits, returnRequestSchema } from './request-form';
import { sniffPhotoType } from '../photo-type';
import { RETURN_LIMITS } from './rules';

const PNG = new Uint8Array(readFileSync('tests/fixtures/photos/unit.png'));
const JPEG = new Uint8Array(readFileSync('tests/fixtures/photos/unit.jpg'));
const IMEI = '490154203237518';

/** A photo as readRequestForm hands it over: its type the one its bytes show. */
const photo = (bytes: Uint8Array<ArrayBuffer>, name = 'unit.png') =>
  new File([bytes], name, { type: sniffPhotoType(bytes) ?? 'application/octet-stream' });

function form(entries: [string, string | File][]) {
  const data = new FormData();
  for (const [name, value] of [
    ['intent', 'request'],
    ['order', 'SO-1001'],
    ['key', 'a-key-of-the-form'],
    ...entries,
  ] as [string, string | File][])
    data.append(name, value);
  return data;
}

describe('a photo by its bytes', () => {
  it('is an image of the kinds kept, whatever its name says', () => {
    expect(sniffPhotoType(PNG)).toBe('image/png');
    expect(sniffPhotoType(JPEG)).toBe('image/jpeg');
    expect(sniffPhotoType(new TextEncoder().encode('GIF89a...'))).toBe('image/gif');
    expect(sniffPhotoType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffPhotoType(new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffPhotoType(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(sniffPhotoType(new Uint8Array())).toBeNull();
  });
});

describe('the return request form', () => {
  const schema = returnRequestSchema(['TRANSIT_DAMAGE']);

  it('reads the chosen units with their reasons and photos, and the lines with a quantity', () => {
    const submission = parseWithZod(
      form([
        ['units[0].imei', IMEI],
        ['units[0].chosen', 'on'],
        ['units[0].reason', 'TRANSIT_DAMAGE'],
        ['units[0].photos', photo(PNG)],
        ['units[0].photos', photo(JPEG, 'b.jpg')],
        ['units[1].imei', '490154203237519'],
        ['units[1].reason', 'DOA'],
        ['units[1].photos', new File([], '')],
        ['lines[0].item', 'A1001-MIA'],
        ['lines[0].quantity', '2'],
        ['lines[0].reason', 'DOA'],
        ['lines[1].item', 'A1002-MIA'],
        ['lines[1].quantity', '0'],
        ['lines[1].reason', 'DOA'],
        ['note', 'Two dead'],
      ]),
      { schema },
    );
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    const units = requestedUnits(submission.value);
    expect(units.map(({ photos, ...u }) => ({ ...u, photos: photos.map((p) => p.type) }))).toEqual([
      { imei: IMEI, reasonCode: 'TRANSIT_DAMAGE', photos: ['image/png', 'image/jpeg'] },
      { itemNumberWarehouse: 'A1001-MIA', quantity: 2, reasonCode: 'DOA', photos: [] },
    ]);
  });

  it('puts each refusal on its field: a photo missing for a reason that needs one, no image, too large, too many', () => {
    const errorsOf = (entries: [string, string | File][]) => {
      const submission = parseWithZod(form([['units[0].imei', IMEI], ['units[0].chosen', 'on'], ...entries]), {
        schema,
      });
      return submission.status === 'success' ? null : submission.error;
    };
    expect(errorsOf([['units[0].reason', 'TRANSIT_DAMAGE']])).toEqual({
      'units[0].photos': ['returns.new.photoRequired'],
    });
    expect(
      errorsOf([
        ['units[0].reason', 'DOA'],
        ['units[0].photos', photo(new TextEncoder().encode('a text'), 'x.png')],
      ]),
    ).toEqual({ 'units[0].photos[0]': ['returns.new.photoNotImage'] });
    const large = new Uint8Array(RETURN_LIMITS.photoBytes + 1);
    large.set(PNG);
    expect(
      errorsOf([
        ['units[0].reason', 'DOA'],
        ['units[0].photos', photo(large)],
      ]),
    ).toEqual({ 'units[0].photos[0]': ['returns.new.photoTooLarge'] });
    const six: [string, File][] = Array.from({ length: 6 }, () => ['units[0].photos', photo(PNG)]);
    expect(errorsOf([['units[0].reason', 'DOA'], ...six])).toEqual({
      'units[0].photos': ['returns.new.tooManyPhotos'],
    });
  });

  it('asks for a reason for each chosen unit and line, beside it, and for none of the others', () => {
    const submission = parseWithZod(
      form([
        ['units[0].imei', IMEI],
        ['units[0].chosen', 'on'],
        ['units[0].reason', ''],
        ['units[1].imei', '490154203237519'],
        ['units[1].reason', ''],
        ['lines[0].item', 'A1001-MIA'],
        ['lines[0].quantity', '2'],
        ['lines[1].item', 'A1002-MIA'],
        ['lines[1].quantity', '0'],
      ]),
      { schema },
    );
    expect(submission.status === 'error' && submission.error).toEqual({
      'units[0].reason': ['returns.new.reasonRequired'],
      'lines[0].reason': ['returns.new.reasonRequired'],
    });
  });

  it('refuses a form with nothing chosen, a bad quantity, or fields it does not know', () => {
    const nothing = parseWithZod(
      form([
        ['units[0].imei', IMEI],
        ['units[0].reason', 'DOA'],
      ]),
      { schema },
    );
    expect(nothing.status === 'error' && nothing.error).toEqual({ '': ['returns.new.chooseUnit'] });
    const quantity = parseWithZod(
      form([
        ['lines[0].item', 'A1'],
        ['lines[0].quantity', '1.5'],
        ['lines[0].reason', 'DOA'],
      ]),
      { schema },
    );
    expect(quantity.status === 'error' && quantity.error?.['lines[0].quantity']).toEqual([
      'returns.new.quantityInvalid',
    ]);
    expect(
      parseWithZod(
        form([
          ['units[0].imei', IMEI],
          ['units[0].chosen', 'on'],
          ['units[0].reason', 'DOA'],
          ['extra', 'x'],
        ]),
        { schema },
      ).status,
    ).toBe('error');
    expect(
      parseWithZod(
        form([
          ['units[0].imei', '123'],
          ['units[0].chosen', 'on'],
          ['units[0].reason', 'DOA'],
        ]),
        { schema },
      ).status,
    ).toBe('error');
  });

  it('takes an order number to look up, and names one it cannot be', () => {
    expect(parseWithZod(new URLSearchParams('order=+SO-1001+'), { schema: orderLookupSchema })).toMatchObject({
      status: 'success',
      value: { order: 'SO-1001' },
    });
    const bad = parseWithZod(new URLSearchParams('order=SO 1001'), { schema: orderLookupSchema });
    expect(bad.status === 'error' && bad.error).toEqual({ order: ['returns.new.orderNotFound'] });
    const empty = parseWithZod(new URLSearchParams('order='), { schema: orderLookupSchema });
    expect(empty.status === 'error' && empty.error).toEqual({ order: ['returns.new.orderRequired'] });
  });
});
