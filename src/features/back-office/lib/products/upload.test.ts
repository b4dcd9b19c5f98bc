import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n/messages';
import { ApiError } from '@/lib/api';
import { apiMessageText } from '@/lib/api-message';
import { fileProgress, multipartBody, sendForm } from './upload';

/** jsdom's Blob has no arrayBuffer(): read it the older way. */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });

describe('the multipart body', () => {
  it('knows the byte range of every file, so progress can be told per image', async () => {
    const first = new Blob(['first image bytes'], { type: 'image/png' });
    const second = new Blob(['২য় ছবি'], { type: 'image/jpeg' });
    const form = multipartBody(
      [
        { name: 'name', value: 'জামদানি শাড়ি' },
        { name: 'productImages', file: first, filename: 'a.png' },
        { name: 'productImages', file: second, filename: 'b "quoted".jpg' },
      ],
      'BOUNDARY',
    );
    expect(form.contentType).toBe('multipart/form-data; boundary=BOUNDARY');
    const bytes = await bytesOf(form.body);
    const text = (range: { start: number; end: number }) => new TextDecoder().decode(bytes.slice(range.start, range.end));
    expect(form.fileRanges.map(text)).toEqual(['first image bytes', '২য় ছবি']);
    const whole = new TextDecoder().decode(bytes);
    expect(whole).toContain('Content-Disposition: form-data; name="name"\r\n\r\nজামদানি শাড়ি\r\n');
    expect(whole).toContain('name="productImages"; filename="b _quoted_.jpg"\r\nContent-Type: image/jpeg\r\n\r\n');
    expect(whole.endsWith('--BOUNDARY--\r\n')).toBe(true);
  });

  it('tells each file’s share of what has been sent', () => {
    const ranges = [
      { start: 100, end: 200 },
      { start: 300, end: 700 },
    ];
    expect(fileProgress(ranges, 50)).toEqual([0, 0]);
    expect(fileProgress(ranges, 150)).toEqual([0.5, 0]);
    expect(fileProgress(ranges, 400)).toEqual([1, 0.25]);
    expect(fileProgress(ranges, 800)).toEqual([1, 1]);
  });
});

/** An XMLHttpRequest that answers every send with `status` and `body`, or fails as a lost connection does. */
function answeringXhr(answer: { status: number; body: unknown } | 'offline') {
  return class {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    withCredentials = false;
    open() {}
    setRequestHeader() {}
    send() {
      queueMicrotask(() => {
        if (answer === 'offline') return this.onerror?.();
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  };
}

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the upload succeeded'),
    (error: unknown) => error as ApiError,
  );

describe('an upload the server refuses', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await setLocale('en');
  });

  it("keeps the refusal's code and values, so it is said in the admin's language", async () => {
    const refusal = {
      success: false,
      message: 'You can upload at most 300 images an hour. Please try again later.',
      code: 'uploadLimit',
      values: [300],
      requestId: 'req-7',
    };
    vi.stubGlobal('XMLHttpRequest', answeringXhr({ status: 429, body: refusal }));
    const error = await refusalOf(sendForm('POST', '/products', [{ name: 'productName', value: 'Saree' }], () => {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: refusal.message, status: 429, code: 'uploadLimit', values: [300], requestId: 'req-7' });
    expect(apiMessageText(error, 'Failed')).toBe(refusal.message);
    await setLocale('bn');
    expect(apiMessageText(error, 'ব্যর্থ')).toBe('এক ঘণ্টায় সর্বোচ্চ ৩০০টি ছবি আপলোড করা যায়। পরে আবার চেষ্টা করুন।');
  });

  it('names a lost connection by its code too', async () => {
    vi.stubGlobal('XMLHttpRequest', answeringXhr('offline'));
    const error = await refusalOf(sendForm('POST', '/products', [], () => {}));
    expect(error).toMatchObject({ status: 0, code: 'networkError', isNetworkError: true });
    await setLocale('bn');
    expect(apiMessageText(error, 'ব্যর্থ')).toBe('নেটওয়ার্কে সমস্যা: সংযোগ দেখে আবার চেষ্টা করুন');
  });
});
