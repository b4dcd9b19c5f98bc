import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_TOO_LARGE } from '@contract/image-limits';
import { setLocale } from '@/i18n/messages';
import { ApiError } from '@/lib/api';
import { serverErrors } from './server-errors';

afterEach(() => setLocale('en'));

describe("a back-office form's refusal", () => {
  const tooLarge = new ApiError(IMAGE_TOO_LARGE, 413, undefined, true, 'imageTooLarge');
  const twice = new ApiError('bannerImage takes one image', 400, undefined, true, 'oneImagePerField', ['bannerImage']);
  const fieldRefusal = new ApiError(
    'Invalid request',
    400,
    [
      { path: 'bannerImage', message: 'Banner image is required', code: 'bannerImageRequired' },
      { path: 'bannerOffer', message: 'Offer must be a number' },
    ],
    true,
    'invalidInput',
  );

  it("shows the server's English words in English", () => {
    expect(serverErrors(tooLarge, 'Could not save')).toEqual({ fields: {}, form: IMAGE_TOO_LARGE });
    expect(serverErrors(fieldRefusal, 'Could not save')).toEqual({
      fields: { bannerImage: 'Banner image is required', bannerOffer: 'Offer must be a number' },
      form: undefined,
    });
  });

  it('shows an image upload refusal in Bangla by its code, a field without a code as sent', async () => {
    await setLocale('bn');
    expect(serverErrors(tooLarge, 'সংরক্ষণ হয়নি').form).toBe('ছবি ২৫ MB বা তার ছোট হতে হবে');
    expect(serverErrors(twice, 'সংরক্ষণ হয়নি').form).toBe('bannerImage-এ একটি ছবিই দেওয়া যায়');
    expect(serverErrors(fieldRefusal, 'সংরক্ষণ হয়নি').fields).toEqual({ bannerImage: 'ব্যানারের ছবি দিতে হবে', bannerOffer: 'Offer must be a number' });
    expect(serverErrors(new ApiError('Request failed', 502, undefined, false), 'সংরক্ষণ হয়নি').form).toBe('সংরক্ষণ হয়নি');
  });
});
