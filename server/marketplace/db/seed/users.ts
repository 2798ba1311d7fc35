import { AUTHORITIES } from '../../../../app/domain/authorities';
import { hashPassword } from '../../services/identity/passwords';
import type { Db } from '../client';
import type { TenantConfig } from '../../../../app/domain/tenant-config';
import { demoAddresses } from './regions';
import { buyerAddresses, buyers, proofOfExportDocuments, userAuthorities, users } from '../schema';

export const DEMO_PASSWORD = 'Demo#2026';
export const TEMPORARY_PASSWORD = 'Temp#2026';

export interface DemoAccount {
  email: string;
  password: string;
  who: string;
}

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  who: string;
  buyer?: { name: string; isProspect?: boolean; participantId?: string };
  isBuyer?: boolean;
  mustChangePassword?: boolean;
  authorities: readonly string[];
  /** Proof-of-export documents the buyer still owes. */
  documents?: { documentName: string; documentDescription: string[] }[];
}

const salesRep = {
  salesRepEmail: 'dana.sales@example.com',
  salesRepPhone: '+13055550142',
  salesRepWhatsApp: '+13055550142',
};

const DEMO_USERS: DemoUser[] = [
  {
    email: 'buyer@example.com',
    firstName: 'Alex',
    lastName: 'Morgan',
    who: 'buyer with every authority, saved preferences, an on-hold order in each ACME warehouse and a dozen past orders',
    buyer: { name: 'Morgan Mobile Traders' },
    authorities: AUTHORITIES,
  },
  {
    email: 'viewer@example.com',
    firstName: 'Robin',
    lastName: 'Lee',
    who: 'buyer with no authorities',
    buyer: { name: 'Lee Electronics' },
    authorities: [],
  },
  {
    email: 'prospect@example.com',
    firstName: 'Sam',
    lastName: 'Patel',
    who: 'prospect buyer (not cleared for checkout, owes proof-of-export documents)',
    buyer: { name: 'Patel Devices (prospect)', isProspect: true },
    authorities: AUTHORITIES,
    documents: [
      {
        documentName: 'Export declaration',
        documentDescription: [
          'The customs export declaration of your last shipment',
          'Stamped by the customs office of exit',
        ],
      },
      {
        documentName: 'Bill of lading',
        documentDescription: ['The carrier’s bill of lading or air waybill naming your company as consignee'],
      },
    ],
  },
  {
    email: 'seller@example.com',
    firstName: 'Jordan',
    lastName: 'Blue',
    who: 'pxns seller participant (BlueWave Mobile)',
    buyer: { name: 'BlueWave Mobile', participantId: 'pxn-bluewave' },
    authorities: ['CAN_BUY_ONLINE', 'CAN_VIEW_ORDER', 'CAN_UPDATE_ORDER'],
  },
  {
    email: 'newuser@example.com',
    firstName: 'Casey',
    lastName: 'Nguyen',
    who: 'buyer who must set a new password',
    buyer: { name: 'Nguyen Wholesale' },
    mustChangePassword: true,
    authorities: AUTHORITIES,
  },
  {
    email: 'staff@example.com',
    firstName: 'Taylor',
    lastName: 'Admin',
    who: 'not a buyer (rejected at sign-in)',
    isBuyer: false,
    authorities: [],
  },
  {
    // Another company than buyer@example.com's: bids are per company, so the two bid against each other.
    email: 'buyer2@example.com',
    firstName: 'Jamie',
    lastName: 'Keller',
    who: 'second buyer with every authority, in another company (Keller Phone Wholesale), to bid against buyer@example.com; no saved preferences',
    buyer: { name: 'Keller Phone Wholesale' },
    authorities: AUTHORITIES,
  },
];

export const DEMO_ACCOUNTS: DemoAccount[] = DEMO_USERS.map((u) => ({
  email: u.email,
  password: u.mustChangePassword ? TEMPORARY_PASSWORD : DEMO_PASSWORD,
  who: u.who,
}));

export async function seedUsers(db: Db, tenant: Pick<TenantConfig, 'currencyCode' | 'language'>): Promise<void> {
  const demoHash = await hashPassword(DEMO_PASSWORD);
  const temporaryHash = await hashPassword(TEMPORARY_PASSWORD);
  for (const u of DEMO_USERS) {
    const [buyer] = u.buyer
      ? await db
          .insert(buyers)
          .values({
            name: u.buyer.name,
            isProspect: u.buyer.isProspect ?? false,
            participantId: u.buyer.participantId,
            ...salesRep,
          })
          .returning()
      : [undefined];
    const [user] = await db
      .insert(users)
      .values({
        email: u.email,
        passwordHash: u.mustChangePassword ? temporaryHash : demoHash,
        firstName: u.firstName,
        lastName: u.lastName,
        buyerId: buyer?.id,
        isBuyer: u.isBuyer ?? true,
        mustChangePassword: u.mustChangePassword ?? false,
      })
      .returning();
    if (u.authorities.length) {
      await db.insert(userAuthorities).values(u.authorities.map((authority) => ({ userId: user!.id, authority })));
    }
    if (buyer) await db.insert(buyerAddresses).values(demoAddresses(buyer.id, buyer.name, tenant));
    if (buyer && u.documents?.length) {
      await db.insert(proofOfExportDocuments).values(u.documents.map((d) => ({ buyerId: buyer.id, ...d })));
    }
  }
}
