import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@contract/api-messages';
import { BrowserLocale } from '@/i18n/react';
import { setLocale } from '@/i18n/messages';
import bn from '@/messages/api/bn';
import { ApiError } from './api';
import { useApiMessage } from './api-message';

const say = () => renderHook(() => useApiMessage(), { wrapper: BrowserLocale }).result;

afterEach(() => setLocale('en'));

describe("the API's messages on screen", () => {
  it('has a Bangla text for every code of the catalogue', () => {
    const missing = Object.keys(API_MESSAGES).filter((code) => !Object.hasOwn(bn, code));
    expect(missing).toEqual([]);
  });

  it("shows the server's own message in English", () => {
    const message = say();
    expect(message.current(new ApiError('Current password is incorrect', 400, undefined, true, 'currentPasswordWrong'), 'Failed')).toBe(
      'Current password is incorrect',
    );
  });

  it('shows the text of the code in Bangla, made from its values in Bangla digits', async () => {
    const message = say();
    await act(() => setLocale('bn'));
    expect(message.current(new ApiError('Current password is incorrect', 400, undefined, true, 'currentPasswordWrong'), 'ব্যর্থ')).toBe('বর্তমান পাসওয়ার্ড ভুল');
    expect(message.current(new ApiError('Only 12 left of Saree', 409, undefined, true, 'onlyLeft', [12, 'Saree']), 'ব্যর্থ')).toBe('Saree মাত্র ১২টি বাকি আছে');
  });

  it("falls back to the screen's text without a message, or with a code the app does not know", async () => {
    const message = say();
    await act(() => setLocale('bn'));
    expect(message.current(new ApiError('Request failed', 500, undefined, false), 'ব্যর্থ')).toBe('ব্যর্থ');
    expect(message.current(new ApiError('Something new', 409, undefined, true, 'somethingNew'), 'ব্যর্থ')).toBe('ব্যর্থ');
    expect(message.current(new ApiError('Old server', 409), 'ব্যর্থ')).toBe('ব্যর্থ');
    expect(message.current(new Error('boom'), 'ব্যর্থ')).toBe('ব্যর্থ');
  });
});
