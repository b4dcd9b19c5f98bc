import { beforeEach, describe, expect, it } from 'vitest';
import { ADDRESSES_MAX, type SavedAddress } from '../../../contract/addresses';
import { addresses } from '../../db/schema';
import { body, useShop } from '../../test/harness';

const t = useShop({ people: true });
beforeEach(async () => {
  await t.db.delete(addresses);
});

const SYLHET = { phone: '01712345678', division: 'Sylhet', district: 'Sylhet', city: 'Sylhet Sadar', addressDetails: 'House 3, Zindabazar' };
const SAVAR = { phone: '01812345678', division: 'Dhaka', district: 'Dhaka', city: 'Savar', addressDetails: 'House 12, Road 4' };

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/addresses${url}`, headers, ...(payload ? { payload } : {}) });
const list = (res: Awaited<ReturnType<typeof call>>) => body<SavedAddress[]>(res).data;

describe('a customer’s addresses', () => {
  it('are added, the first as the default, and listed default first', async () => {
    const first = await call('POST', '', t.alice.headers, SYLHET);
    expect(first.statusCode, first.body).toBe(201);
    expect(list(first)).toEqual([{ _id: expect.any(String), ...SYLHET, isDefault: true }]);
    const second = list(await call('POST', '', t.alice.headers, SAVAR));
    expect(second.map((address) => [address.city, address.isDefault])).toEqual([
      ['Sylhet Sadar', true],
      ['Savar', false],
    ]);
    expect(list(await call('GET', '', t.alice.headers))).toEqual(second);
  });

  it('are edited, and one at a time is the default; removing the default makes the newest left the default', async () => {
    await call('POST', '', t.alice.headers, SYLHET);
    const [, savar] = list(await call('POST', '', t.alice.headers, SAVAR));
    const edited = list(await call('PUT', `/${savar!._id}`, t.alice.headers, { ...SAVAR, addressDetails: 'House 14', isDefault: true }));
    expect(edited.map((address) => [address.addressDetails, address.isDefault])).toEqual([
      ['House 14', true],
      ['House 3, Zindabazar', false],
    ]);
    const back = list(await call('POST', `/${edited[1]!._id}/default`, t.alice.headers));
    expect(back.map((address) => [address.city, address.isDefault])).toEqual([
      ['Sylhet Sadar', true],
      ['Savar', false],
    ]);
    const left = list(await call('DELETE', `/${back[0]!._id}`, t.alice.headers));
    expect(left.map((address) => [address.city, address.isDefault])).toEqual([['Savar', true]]);
  });

  it('are the caller’s alone: another customer’s id is not found, whatever they try', async () => {
    const [mine] = list(await call('POST', '', t.alice.headers, SYLHET));
    for (const res of [
      await call('PUT', `/${mine!._id}`, t.bob.headers, SAVAR),
      await call('POST', `/${mine!._id}/default`, t.bob.headers),
      await call('DELETE', `/${mine!._id}`, t.bob.headers),
      await call('PUT', `/${mine!._id}`, t.admin.headers, SAVAR),
    ]) {
      expect([res.statusCode, body(res).message]).toEqual([404, 'Not found']);
    }
    expect(list(await call('GET', '', t.bob.headers))).toEqual([]);
    expect(list(await call('GET', '', t.alice.headers))).toEqual([{ ...mine, ...SYLHET }]);
    expect((await call('GET', '', {})).statusCode).toBe(401);
  });

  it(`are at most ${ADDRESSES_MAX} per account`, async () => {
    for (let i = 0; i < ADDRESSES_MAX; i++) expect((await call('POST', '', t.alice.headers, { ...SYLHET, addressDetails: `House ${i}` })).statusCode).toBe(201);
    const full = await call('POST', '', t.alice.headers, SYLHET);
    expect([full.statusCode, body(full).message]).toEqual([409, `You can keep at most ${ADDRESSES_MAX} addresses`]);
    expect(list(await call('GET', '', t.alice.headers))).toHaveLength(ADDRESSES_MAX);
    // Another account has its own room.
    expect((await call('POST', '', t.bob.headers, SYLHET)).statusCode).toBe(201);
  });

  it('refuse a wrong place or phone with a 400 naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ ...SYLHET, district: 'Dhaka' }, 'Choose a district of the chosen division', 'district'],
      [{ ...SYLHET, city: 'Savar' }, 'Choose a city/upazila of the chosen district', 'city'],
      [{ ...SYLHET, phone: '12345' }, 'Invalid Bangladeshi phone number', 'phone'],
      [{ ...SYLHET, addressDetails: 'x'.repeat(301) }, 'Address is too long', 'addressDetails'],
      [{ ...SYLHET, isDefault: 'yes' }, 'Default must be true or false', 'isDefault'],
    ];
    for (const [payload, message, field] of cases) {
      const res = await call('POST', '', t.alice.headers, payload);
      expect([res.statusCode, body(res).message], message).toEqual([400, message]);
      expect(body<unknown>(res).errors?.[0]?.path).toBe(field);
    }
    expect(list(await call('GET', '', t.alice.headers))).toEqual([]);
  });
});
