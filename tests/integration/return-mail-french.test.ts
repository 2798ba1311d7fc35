import { describe, expect, it } from 'vitest';
import { loadTenantConfig } from '../../server/marketplace/tenant-config';
import { readOutbox, type apiCaller } from './harness';
import { ordering, testMarketplace } from './support/ordering';
import { returning } from './support/returning';

/** The French tenant (config/tenants/second.json): the seller's answer to a return, each rejected unit with its reason, in French. */
const started = testMarketplace({ items: 200, config: loadTenantConfig('config/tenants/second.json') });
const call: ReturnType<typeof apiCaller> = (...args) => started().call(...args);
const { newReturnsBuyer, shippedOrder, request } = returning(call, ordering(started, 'retour', 'LYS'));

describe('a return approved with a unit rejected, on a French tenant', () => {
  it('e-mails the buyer in French, naming the rejected unit with its reason', async () => {
    const token = await newReturnsBuyer();
    const { n, imeis } = await shippedOrder(token, 2, 1);
    const rma = (await request(token, n, [{ imei: imeis[0]! }, { imei: imeis[1]! }])).body.rmaNumber as string;
    expect(
      (
        await call('POST', `/admin/returns/${rma}/approve`, {
          body: { instructions: 'Quai 4', rejectUnits: [{ unit: imeis[1], reason: 'Fonctionne sur notre banc' }] },
        })
      ).status,
    ).toBe(200);
    const mail = readOutbox(started().harness.outboxDir).find(
      (m) => m.subject.includes(rma) && m.subject.endsWith('acceptée'),
    )!;
    expect(mail.text).toContain(`est désormais\u00a0: acceptée.`);
    expect(mail.text).toContain('Refusés au retour\u00a0:');
    expect(mail.text).toContain(`- ${imeis[1]}\u00a0: Fonctionne sur notre banc`);
    expect(mail.text).toContain('Instructions de retour\u00a0: Quai 4');
  });
});
