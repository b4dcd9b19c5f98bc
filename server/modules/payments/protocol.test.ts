import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkValidation, formatAmount, parseAmount, signatureOf, signFields, verifySignature } from './protocol';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const PASSWORD = 'store@ssl';

const callback = {
  tran_id: '6650f1a2b3c4d5e6f7a8b9c0',
  val_id: '240601123456ABCD',
  amount: '1410.00',
  currency: 'BDT',
  status: 'VALID',
  bank_tran_id: '2406011234567',
  value_a: 'order-1',
};

describe('verify_sign', () => {
  it('is md5 of the verify_key fields plus md5(store_passwd), sorted by name and joined as k=v&…', () => {
    const keys = ['tran_id', 'val_id', 'amount', 'currency', 'status'];
    const expected = md5(`amount=1410.00&currency=BDT&status=VALID&store_passwd=${md5(PASSWORD)}&tran_id=6650f1a2b3c4d5e6f7a8b9c0&val_id=240601123456ABCD`);
    expect(signatureOf(callback, keys, PASSWORD)).toBe(expected);
    expect(verifySignature({ ...callback, verify_key: keys.join(','), verify_sign: expected }, PASSWORD)).toBe(true);
    // Gateways may print the hex digest in capitals.
    expect(verifySignature({ ...callback, verify_key: keys.join(','), verify_sign: expected.toUpperCase() }, PASSWORD)).toBe(true);
  });

  it('signs every field it is given, as the sandbox gateway does, and verifies them back', () => {
    const signed = signFields(callback, PASSWORD);
    expect(signed.verify_key).toBe('amount,bank_tran_id,currency,status,tran_id,val_id,value_a');
    expect(verifySignature(signed, PASSWORD)).toBe(true);
  });

  it('fails for a changed field, a wrong password, a missing field or a missing signature', () => {
    const signed = signFields(callback, PASSWORD);
    expect(verifySignature({ ...signed, amount: '1.00' }, PASSWORD)).toBe(false);
    expect(verifySignature({ ...signed, value_a: 'order-2' }, PASSWORD)).toBe(false);
    expect(verifySignature(signed, 'other-password')).toBe(false);
    const { bank_tran_id: _dropped, ...missing } = signed;
    expect(verifySignature(missing, PASSWORD)).toBe(false);
    const { verify_sign: _sign, ...unsigned } = signed;
    expect(verifySignature(unsigned, PASSWORD)).toBe(false);
  });

  it('fails when the signature leaves out a field we act on', () => {
    // Correctly signed, but only over status and tran_id: the amount and val_id could be anything.
    const narrow = signFields({ status: 'VALID', tran_id: callback.tran_id }, PASSWORD);
    expect(verifySignature({ ...narrow, amount: '1410.00', val_id: 'x', currency: 'BDT' }, PASSWORD)).toBe(false);
    // A failure only needs to prove which payment failed.
    expect(verifySignature(signFields({ status: 'FAILED', tran_id: callback.tran_id }, PASSWORD), PASSWORD)).toBe(true);
  });
});

describe('amounts', () => {
  it('are written with two decimals and read back in poisha exactly', () => {
    expect(formatAmount(141000)).toBe('1410.00');
    expect(formatAmount(25497)).toBe('254.97');
    expect(parseAmount('1410.00')).toBe(141000);
    expect(parseAmount('1410.5')).toBe(141050);
    expect(parseAmount('1410')).toBe(141000);
    expect(parseAmount('0.07')).toBe(7);
    for (const bad of ['', '1,410.00', '1410.001', '-5', '1e3', ' ', 'abc', undefined]) expect(parseAmount(bad), String(bad)).toBeNull();
  });
});

describe('checkValidation', () => {
  const expected = { tranId: callback.tran_id, valId: callback.val_id, amountPoisha: 141000 };
  const answer = { status: 'VALID', tran_id: callback.tran_id, val_id: callback.val_id, amount: '1410.00', currency: 'BDT', bank_tran_id: 'B1' };

  it('accepts our payment, validated once or again', () => {
    expect(checkValidation(answer, expected)).toEqual({ ok: true, bankTranId: 'B1' });
    expect(checkValidation({ ...answer, status: 'VALIDATED', amount: '1410' }, expected).ok).toBe(true);
    expect(checkValidation({ ...answer, currency_type: 'BDT', currency_amount: '1410.00' }, expected).ok).toBe(true);
  });

  it('refuses another amount, currency, transaction, val_id or status', () => {
    const refused = [
      { ...answer, amount: '1409.99' },
      { ...answer, amount: '14100.00' },
      { ...answer, amount: undefined },
      { ...answer, currency: 'USD' },
      { ...answer, currency_type: 'USD', currency_amount: '12.00' },
      { ...answer, currency_amount: '1.00' },
      { ...answer, tran_id: 'someone-else' },
      { ...answer, val_id: 'other' },
      { ...answer, status: 'INVALID_TRANSACTION' },
      { status: 'FAILED' },
    ];
    for (const wrong of refused) expect(checkValidation(wrong, expected).ok, JSON.stringify(wrong)).toBe(false);
  });
});
