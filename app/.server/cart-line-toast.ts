import { formatMinor, lineTotalMinor, tenantMoneyFormat } from '~/domain/money';
import type { PublicTenantConfig } from '~/domain/tenant-config';
import type { Toast } from './toast';

/**
 * The confirmation of a cart line saved (issue 51): what went to the cart, the quantity, the item,
 * the unit price and the total, in the tenant's language and money, with the notices of any value
 * the rules changed from what was sent (`also`).
 */
export function cartLineToast(
  config: Pick<PublicTenantConfig, 'language' | 'currencyCode' | 'currencySymbol' | 'currencyPrecision'>,
  line: { quantity: number; price: number; item: string },
): (key: string, also?: string[]) => Toast {
  const money = tenantMoneyFormat(config);
  const values = {
    quantity: line.quantity,
    item: line.item,
    price: formatMinor(lineTotalMinor(1, line.price), money),
    total: formatMinor(lineTotalMinor(line.quantity, line.price), money),
  };
  return (key, also = []) => ({ type: 'success', key, values, ...(also.length ? { also } : {}) });
}
