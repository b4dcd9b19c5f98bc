import type { ApiFailure, ApiSuccess } from '@contract/envelope';
import { API_BASE, ApiError, NETWORK_ERROR, refreshAccessToken } from '@/lib/api';
import { session } from '@/lib/session';

/** A text field or an image file of a multipart form, in the order they are sent. */
export type FormPart = { name: string; value: string } | { name: string; file: Blob; filename: string };

/** A multipart body built by hand, so the byte range of every file is known and upload progress can be told per file. */
export type MultipartBody = { body: Blob; contentType: string; fileRanges: { start: number; end: number }[] };

const encoder = new TextEncoder();
const quoted = (text: string) => text.replace(/["\r\n\\]/g, '_');

export function multipartBody(parts: readonly FormPart[], boundary = `----haat${Math.random().toString(16).slice(2)}`): MultipartBody {
  const chunks: BlobPart[] = [];
  const fileRanges: { start: number; end: number }[] = [];
  let offset = 0;
  const add = (text: string) => {
    const bytes = encoder.encode(text);
    chunks.push(bytes);
    offset += bytes.length;
  };
  for (const part of parts) {
    if ('file' in part) {
      add(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(part.name)}"; filename="${quoted(part.filename)}"\r\nContent-Type: ${part.file.type || 'application/octet-stream'}\r\n\r\n`,
      );
      chunks.push(part.file);
      fileRanges.push({ start: offset, end: offset + part.file.size });
      offset += part.file.size;
      add('\r\n');
    } else {
      add(`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(part.name)}"\r\n\r\n${part.value}\r\n`);
    }
  }
  add(`--${boundary}--\r\n`);
  return { body: new Blob(chunks), contentType: `multipart/form-data; boundary=${boundary}`, fileRanges };
}

/** How much of each file has gone, from 0 to 1, once `loaded` bytes of the body were sent. */
export function fileProgress(fileRanges: readonly { start: number; end: number }[], loaded: number): number[] {
  return fileRanges.map(({ start, end }) => (end <= start ? (loaded >= end ? 1 : 0) : Math.min(1, Math.max(0, (loaded - start) / (end - start)))));
}

type Sent = { status: number; json: unknown };

function sendOnce(method: 'POST' | 'PUT', path: string, form: MultipartBody, token: string | null, onProgress: (files: number[]) => void): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', form.contentType);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => onProgress(fileProgress(form.fileRanges, event.loaded));
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // Not JSON (a proxy's error page): the status says what happened.
      }
      resolve({ status: xhr.status, json });
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, 0, undefined, true, 'networkError'));
    xhr.send(form.body);
  });
}

/**
 * Sends a multipart form with XMLHttpRequest, the one browser API that reports upload progress (fetch does not), with
 * the same token, one refresh after a 401 and the same envelope and errors as `api()`.
 */
export async function sendForm<T>(
  method: 'POST' | 'PUT',
  path: string,
  parts: readonly FormPart[],
  onProgress: (files: number[]) => void,
): Promise<ApiSuccess<T>> {
  const form = multipartBody(parts);
  let answer = await sendOnce(method, path, form, session.get().token, onProgress);
  if (answer.status === 401) {
    const token = await refreshAccessToken();
    if (token) answer = await sendOnce(method, path, form, token, onProgress);
  }
  const json = answer.json as Partial<ApiFailure> | ApiSuccess<T> | null;
  if (answer.status >= 200 && answer.status < 300 && json && json.success) return json as ApiSuccess<T>;
  const failure = json as Partial<ApiFailure> | null;
  // With its code and values, as api() keeps them: the screen says the refusal in the admin's language.
  if (failure?.message) throw new ApiError(failure.message, answer.status, failure.errors, true, failure.code, failure.values, failure.requestId);
  throw new ApiError('Request failed', answer.status, undefined, false);
}
