import type { ChargeLine } from '../../../../app/domain/orders/invoice';
import type { Translate } from '../../i18n';

/** The label of a charge line in the marketplace's documents and e-mails, in the tenant's language. */
export const chargeLabel =
  (t: Translate) =>
  ({ key, description }: ChargeLine): string => {
    switch (key) {
      case 'additionalServicesFee':
        return t('orderDocuments.total.additionalServicesFee');
      case 'freight':
        return t('orderDocuments.total.freight');
      case 'freightDiscount':
        return t('orderDocuments.total.freightDiscount', { promotion: description ?? '' });
      case 'insurance':
        return t('orderDocuments.total.insurance');
      case 'tax':
        return description || t('orderDocuments.total.tax');
      case 'paymentFee':
        return t('orderDocuments.total.paymentFee');
      case 'reservationFee':
        return t('orderDocuments.total.reservationFee');
      case 'cancellationFee':
        return t('orderDocuments.total.cancellationFee');
      case 'otherCharges':
        return t('orderDocuments.total.charges');
    }
  };
