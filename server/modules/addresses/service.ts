import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { apiMessage } from '../../../contract/api-messages';
import { ADDRESSES_MAX, type SavedAddress, type SavedAddressData } from '../../../contract/addresses';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { addresses, users } from '../../db/schema';
import { conflict, notFound, unauthorized } from '../../http/errors';
import { checkDeliveryPlaces } from '../orders/places';

type AddressRow = typeof addresses.$inferSelect;

const toSavedAddress = (row: AddressRow): SavedAddress => ({
  _id: row.id,
  phone: row.phone,
  division: row.division,
  district: row.district,
  city: row.city,
  addressDetails: row.addressDetails,
  isDefault: row.isDefault,
});

/** The customer's addresses: the default first, then the newest. */
export async function listAddresses(db: Db | Tx, customerId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, customerId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
  return rows.map(toSavedAddress);
}

/** Takes the account's row lock, so two writes of one customer's addresses (a count, a default) happen one after the other. */
async function lockAccount(tx: Tx, customerId: string): Promise<void> {
  const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, customerId)).for('update');
  if (!account) throw unauthorized(apiMessage('signInAgain'));
}

/** The caller's own address, or a 404 (whoever else's it is). */
async function ownAddress(tx: Tx, customerId: string, addressId: string): Promise<AddressRow> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, customerId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

async function makeDefault(tx: Tx, customerId: string, addressId: string): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, customerId), ne(addresses.id, addressId), eq(addresses.isDefault, true)));
  await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, addressId));
}

const fieldsOf = ({ phone, division, district, city, addressDetails }: SavedAddressData) => ({ phone, division, district, city, addressDetails });

/** Adds an address (at most `ADDRESSES_MAX`); the first one, or one asked to be, becomes the default. */
export function addAddress(db: Db, customerId: string, input: SavedAddressData): Promise<SavedAddress[]> {
  checkDeliveryPlaces(input, '');
  return db.transaction(async (tx) => {
    await lockAccount(tx, customerId);
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(addresses)
      .where(eq(addresses.userId, customerId))) as [{ count: number }];
    if (count >= ADDRESSES_MAX) throw conflict(apiMessage('addressesFull', ADDRESSES_MAX));
    const id = newId();
    await tx.insert(addresses).values({ id, userId: customerId, ...fieldsOf(input) });
    if (count === 0 || input.isDefault) await makeDefault(tx, customerId, id);
    return listAddresses(tx, customerId);
  });
}

/** Changes the caller's own address; `isDefault: true` makes it the default (the default stays one until another is). */
export function editAddress(db: Db, customerId: string, addressId: string, input: SavedAddressData): Promise<SavedAddress[]> {
  checkDeliveryPlaces(input, '');
  return db.transaction(async (tx) => {
    await lockAccount(tx, customerId);
    await ownAddress(tx, customerId, addressId);
    await tx
      .update(addresses)
      .set({ ...fieldsOf(input), updatedAt: new Date() })
      .where(eq(addresses.id, addressId));
    if (input.isDefault) await makeDefault(tx, customerId, addressId);
    return listAddresses(tx, customerId);
  });
}

/** Removes the caller's own address; when it was the default, the newest one left becomes the default. */
export function removeAddress(db: Db, customerId: string, addressId: string): Promise<SavedAddress[]> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, customerId);
    const removed = await ownAddress(tx, customerId, addressId);
    await tx.delete(addresses).where(eq(addresses.id, addressId));
    if (removed.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, customerId))
        .orderBy(desc(addresses.createdAt), desc(addresses.id))
        .limit(1);
      if (next) await makeDefault(tx, customerId, next.id);
    }
    return listAddresses(tx, customerId);
  });
}

/** Makes the caller's own address the default. */
export function setDefaultAddress(db: Db, customerId: string, addressId: string): Promise<SavedAddress[]> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, customerId);
    await ownAddress(tx, customerId, addressId);
    await makeDefault(tx, customerId, addressId);
    return listAddresses(tx, customerId);
  });
}
