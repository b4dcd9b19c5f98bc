import { describe, expect, it } from 'vitest';
import { customerCancelCodes, shopCancelCodes } from '@contract/orders';
import { validateCancel } from './cancel-form';

describe('validateCancel', () => {
  it('answers the reason and the trimmed words, leaving blank words out', () => {
    expect(validateCancel(customerCancelCodes, { reason: 'found-cheaper', note: '  cheaper nearby ' })).toEqual({
      ok: true,
      values: { reason: 'found-cheaper', note: 'cheaper nearby' },
    });
    expect(validateCancel(customerCancelCodes, { reason: 'ordered-by-mistake', note: '   ' })).toEqual({ ok: true, values: { reason: 'ordered-by-mistake' } });
  });

  it("asks for a reason from the caller's own list", () => {
    expect(validateCancel(customerCancelCodes, { reason: '', note: '' })).toEqual({ ok: false, errors: { reason: 'Choose a reason from the list' } });
    expect(validateCancel(customerCancelCodes, { reason: 'suspected-fake', note: '' })).toEqual({
      ok: false,
      errors: { reason: 'Choose a reason from the list' },
    });
    expect(validateCancel(shopCancelCodes, { reason: 'suspected-fake', note: '' }).ok).toBe(true);
  });

  it('needs words with other, on one line, without control characters, at most 300 characters', () => {
    expect(validateCancel(shopCancelCodes, { reason: 'other', note: ' ' })).toEqual({ ok: false, errors: { note: 'Say in a few words why you cancel' } });
    expect(validateCancel(shopCancelCodes, { reason: 'other', note: 'a\nb' })).toEqual({
      ok: false,
      errors: { note: 'Must be one line, without line breaks or tabs' },
    });
    expect(validateCancel(shopCancelCodes, { reason: 'other', note: 'bell\u0007' })).toEqual({
      ok: false,
      errors: { note: 'Text cannot contain control characters' },
    });
    expect(validateCancel(shopCancelCodes, { reason: 'other', note: 'x'.repeat(301) })).toEqual({
      ok: false,
      errors: { note: 'The note can be at most 300 characters' },
    });
    expect(validateCancel(shopCancelCodes, { reason: 'other', note: 'x'.repeat(300) }).ok).toBe(true);
  });
});
