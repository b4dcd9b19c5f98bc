import { describe, expect, it } from 'vitest';
import { fileProgress, multipartBody } from './upload';

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
