/** The demo catalogue's devices: makers, models, variants and a list price for the best grade. */

export type CategoryCode = 'PHONES' | 'TABLETS' | 'WATCHES' | 'LAPTOPS';

export interface DeviceModel {
  category: CategoryCode;
  manufacturer: string;
  model: string;
  code: string;
  /** Price of the first variant in the best grade; later variants cost more. */
  basePrice: number;
  /** The variant axis that makes the group (capacity, size or RAM/storage), cheapest first. */
  variants: string[];
  colors: string[];
  /** The axis that varies inside a group besides colour and grade (carrier or connectivity), in the American demo (item-words.ts has the European's). */
  options: string[];
  processor?: string;
}

const APPLE_PHONE_COLORS = ['Black', 'White', 'Blue', 'Red', 'Green'];
const SAMSUNG_COLORS = ['Phantom Black', 'Cream', 'Green', 'Lavender'];
const PIXEL_COLORS = ['Obsidian', 'Snow', 'Hazel', 'Sorta Seafoam'];
const CARRIERS = ['Unlocked', 'AT&T', 'Verizon', 'T-Mobile', 'Sprint'];

const phone = (
  manufacturer: string,
  model: string,
  code: string,
  basePrice: number,
  variants: string[],
  colors: string[],
): DeviceModel => ({
  category: 'PHONES',
  manufacturer,
  model,
  code,
  basePrice,
  variants,
  colors,
  options: CARRIERS,
});

export const DEVICE_MODELS: DeviceModel[] = [
  phone('Apple', 'iPhone 11', 'IP11', 210, ['64GB', '128GB', '256GB'], APPLE_PHONE_COLORS),
  phone('Apple', 'iPhone 12', 'IP12', 270, ['64GB', '128GB', '256GB'], APPLE_PHONE_COLORS),
  phone(
    'Apple',
    'iPhone 12 Pro',
    'IP12P',
    340,
    ['128GB', '256GB', '512GB'],
    ['Graphite', 'Silver', 'Gold', 'Pacific Blue'],
  ),
  phone(
    'Apple',
    'iPhone 13',
    'IP13',
    360,
    ['128GB', '256GB', '512GB'],
    ['Midnight', 'Starlight', 'Blue', 'Pink', 'Red'],
  ),
  phone(
    'Apple',
    'iPhone 13 Pro',
    'IP13P',
    450,
    ['128GB', '256GB', '512GB', '1TB'],
    ['Graphite', 'Silver', 'Gold', 'Sierra Blue'],
  ),
  phone('Apple', 'iPhone 14', 'IP14', 440, ['128GB', '256GB', '512GB'], ['Midnight', 'Starlight', 'Blue', 'Purple']),
  phone(
    'Apple',
    'iPhone 14 Pro',
    'IP14P',
    560,
    ['128GB', '256GB', '512GB', '1TB'],
    ['Space Black', 'Silver', 'Gold', 'Deep Purple'],
  ),
  phone('Apple', 'iPhone 15', 'IP15', 560, ['128GB', '256GB', '512GB'], ['Black', 'Blue', 'Green', 'Yellow', 'Pink']),
  phone(
    'Apple',
    'iPhone 15 Pro',
    'IP15P',
    700,
    ['128GB', '256GB', '512GB', '1TB'],
    ['Black Titanium', 'White Titanium', 'Blue Titanium', 'Natural Titanium'],
  ),
  phone('Samsung', 'Galaxy S21', 'GS21', 190, ['128GB', '256GB'], SAMSUNG_COLORS),
  phone('Samsung', 'Galaxy S22', 'GS22', 260, ['128GB', '256GB'], SAMSUNG_COLORS),
  phone('Samsung', 'Galaxy S23', 'GS23', 390, ['128GB', '256GB', '512GB'], SAMSUNG_COLORS),
  phone(
    'Samsung',
    'Galaxy S24',
    'GS24',
    520,
    ['128GB', '256GB', '512GB'],
    ['Onyx Black', 'Marble Grey', 'Cobalt Violet', 'Amber Yellow'],
  ),
  phone('Samsung', 'Galaxy A54', 'GA54', 170, ['128GB', '256GB'], ['Awesome Black', 'Awesome White', 'Awesome Lime']),
  phone('Google', 'Pixel 6', 'PX6', 160, ['128GB', '256GB'], PIXEL_COLORS),
  phone('Google', 'Pixel 7', 'PX7', 230, ['128GB', '256GB'], PIXEL_COLORS),
  phone('Google', 'Pixel 8', 'PX8', 340, ['128GB', '256GB'], PIXEL_COLORS),
  phone('Motorola', 'Edge 2023', 'MEDG', 180, ['256GB'], ['Eclipse Black', 'Sea Blue']),
  phone('Motorola', 'Moto G Power', 'MGPW', 70, ['64GB', '128GB'], ['Dark Pearl', 'Glacier Blue']),
  ...(
    [
      ['Apple', 'iPad 9th Gen', 'IPAD9', 170, ['64GB', '256GB'], ['Space Gray', 'Silver']],
      ['Apple', 'iPad Air 5', 'IPADA5', 330, ['64GB', '256GB'], ['Space Gray', 'Starlight', 'Pink', 'Purple', 'Blue']],
      ['Apple', 'iPad Pro 11 (4th Gen)', 'IPADP11', 560, ['128GB', '256GB', '512GB', '1TB'], ['Space Gray', 'Silver']],
      ['Samsung', 'Galaxy Tab S8', 'GTS8', 330, ['128GB', '256GB'], ['Graphite', 'Silver', 'Pink Gold']],
      ['Samsung', 'Galaxy Tab S9', 'GTS9', 470, ['128GB', '256GB'], ['Graphite', 'Beige']],
      ['Lenovo', 'Tab P11', 'LTP11', 120, ['64GB', '128GB'], ['Slate Grey']],
    ] as const
  ).map(([manufacturer, model, code, basePrice, variants, colors]) => ({
    category: 'TABLETS' as const,
    manufacturer,
    model,
    code,
    basePrice,
    variants: [...variants],
    colors: [...colors],
    options: ['Wi-Fi', 'Wi-Fi + Cellular'],
  })),
  ...(
    [
      ['Apple', 'Watch Series 7', 'AWS7', 150, ['41mm', '45mm'], ['Midnight', 'Starlight', 'Green', 'Blue']],
      ['Apple', 'Watch Series 8', 'AWS8', 200, ['41mm', '45mm'], ['Midnight', 'Starlight', 'Silver', 'Red']],
      ['Apple', 'Watch Series 9', 'AWS9', 260, ['41mm', '45mm'], ['Midnight', 'Starlight', 'Silver', 'Pink']],
      ['Apple', 'Watch SE (2nd Gen)', 'AWSE2', 130, ['40mm', '44mm'], ['Midnight', 'Starlight', 'Silver']],
      ['Samsung', 'Galaxy Watch 5', 'GW5', 90, ['40mm', '44mm'], ['Graphite', 'Silver', 'Pink Gold']],
      ['Samsung', 'Galaxy Watch 6', 'GW6', 140, ['40mm', '44mm'], ['Graphite', 'Gold', 'Silver']],
      ['Google', 'Pixel Watch', 'PXW', 110, ['41mm'], ['Matte Black', 'Polished Silver', 'Champagne Gold']],
    ] as const
  ).map(([manufacturer, model, code, basePrice, variants, colors]) => ({
    category: 'WATCHES' as const,
    manufacturer,
    model,
    code,
    basePrice,
    variants: [...variants],
    colors: [...colors],
    options: ['GPS', 'GPS + Cellular'],
  })),
  ...(
    [
      [
        'Apple',
        'MacBook Air 13 (M1, 2020)',
        'MBA-M1',
        430,
        'Apple M1',
        ['8GB / 256GB', '8GB / 512GB', '16GB / 512GB'],
        ['Space Gray', 'Silver', 'Gold'],
      ],
      [
        'Apple',
        'MacBook Air 13 (M2, 2022)',
        'MBA-M2',
        640,
        'Apple M2',
        ['8GB / 256GB', '16GB / 512GB', '24GB / 1TB'],
        ['Midnight', 'Starlight', 'Space Gray'],
      ],
      [
        'Apple',
        'MacBook Pro 14 (M3, 2023)',
        'MBP14-M3',
        1150,
        'Apple M3',
        ['8GB / 512GB', '16GB / 1TB', '18GB / 512GB'],
        ['Space Black', 'Silver'],
      ],
      [
        'Dell',
        'Latitude 7420',
        'DL7420',
        330,
        'Intel Core i5-1145G7',
        ['16GB / 256GB', '16GB / 512GB', '32GB / 512GB'],
        ['Carbon Fiber'],
      ],
      [
        'Dell',
        'XPS 13 9310',
        'DX9310',
        420,
        'Intel Core i7-1185G7',
        ['16GB / 512GB', '32GB / 1TB'],
        ['Platinum Silver', 'Frost'],
      ],
      [
        'Lenovo',
        'ThinkPad T14 Gen 2',
        'LT14G2',
        300,
        'Intel Core i5-1135G7',
        ['8GB / 256GB', '16GB / 512GB', '32GB / 1TB'],
        ['Black'],
      ],
      ['HP', 'EliteBook 840 G8', 'HE840', 290, 'Intel Core i5-1145G7', ['8GB / 256GB', '16GB / 512GB'], ['Silver']],
    ] as const
  ).map(([manufacturer, model, code, basePrice, processor, variants, colors]) => ({
    category: 'LAPTOPS' as const,
    manufacturer,
    model,
    code,
    basePrice,
    processor,
    variants: [...variants],
    colors: [...colors],
    options: ['US Keyboard', 'UK Keyboard', 'DE Keyboard'],
  })),
];
