import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from '../../../contract/catalogue';
import { badRequest, HttpError } from '../../http/errors';
import type { AuthUser } from '../../http/auth';
import type { MediaStore } from './store';

/**
 * A form's text fields (repeated names become lists) and its files by field name, with who sent it and the images
 * stored from it so far.
 */
export type Form = { fields: Record<string, unknown>; files: Record<string, Buffer[]>; uploader: AuthUser | null; saved: string[] };

declare module 'fastify' {
  interface FastifyRequest {
    /** The form `readForm` read, so its stored images are settled when the request ends. */
    uploadForm?: Form;
  }
}

/** Big enough for a long description or an FAQ list in Bangla (3 bytes a character), small enough to bound memory. */
const FIELD_BYTES = 256 * 1024;

/**
 * Lets the routes of the calling plugin read multipart forms, with the upload limits of every image field. Images a
 * request stored stay pinned until it ends (a concurrent deletion of the same content waits); a request that failed
 * after storing some releases them, so refused forms leave nothing on disk.
 */
export async function acceptUploads(app: FastifyInstance, media: MediaStore): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_PRODUCT_IMAGES, fields: 100, fieldSize: FIELD_BYTES, parts: 120 },
  });
  app.addHook('onResponse', async (request, reply) => {
    const saved = request.uploadForm?.saved ?? [];
    for (const url of saved) await media.unpin(url);
    if (reply.statusCode >= 400) await media.release(saved);
  });
}

/** Multipart limit errors carry a 413 and a terse message; the user gets one that says what to change. */
function uploadError(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, IMAGE_TOO_LARGE);
    case 'FST_FILES_LIMIT':
      return new HttpError(413, `At most ${MAX_PRODUCT_IMAGES} images can be uploaded at once`);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, 'The form has too many fields');
    default:
      return err;
  }
}

/**
 * Reads a create or update form: multipart (text fields and files), or a JSON object whose image fields carry media
 * URLs. Empty file inputs, which browsers send for an untouched picker, are skipped.
 */
export async function readForm(request: FastifyRequest): Promise<Form> {
  if (!request.isMultipart()) {
    const body: unknown = request.body;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) throw badRequest('Expected a form or a JSON object');
    return { fields: { ...(body as Record<string, unknown> | null | undefined) }, files: {}, uploader: request.authUser, saved: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: Record<string, Buffer[]> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length === 0 && part.filename === '') continue;
        (files[part.fieldname] ??= []).push(bytes);
      } else {
        if (part.valueTruncated) throw badRequest(`${part.fieldname} is too long`);
        const value = String(part.value);
        const previous = fields[part.fieldname];
        fields[part.fieldname] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
      }
    }
  } catch (err) {
    throw uploadError(err);
  }
  const form: Form = { fields, files, uploader: request.authUser, saved: [] };
  request.uploadForm = form;
  return form;
}

async function saveFormFile(media: MediaStore, form: Form, bytes: Buffer): Promise<string> {
  const url = await media.save(bytes, form.uploader);
  media.pin(url);
  form.saved.push(url);
  return url;
}

/** Stores the files of `field` and answers their URLs, in the order they came. */
export async function saveFormImages(media: MediaStore, form: Form, field: string): Promise<string[]> {
  const urls: string[] = [];
  for (const bytes of form.files[field] ?? []) urls.push(await saveFormFile(media, form, bytes));
  return urls;
}

/** A single-image field: the uploaded file when there is one, else the media URL given as text (validated by the caller). */
export async function formImage(media: MediaStore, form: Form, field: string): Promise<string | undefined> {
  const [first, ...rest] = form.files[field] ?? [];
  if (rest.length > 0) throw badRequest(`${field} takes one image`);
  return first ? saveFormFile(media, form, first) : undefined;
}

/** Refuses files under names the route does not read: an image sent under a wrong name is an error, not silently lost. */
export function rejectUnknownFiles(form: Form, allowed: string[]): void {
  const unknown = Object.keys(form.files).filter((field) => !allowed.includes(field));
  if (unknown.length > 0) throw badRequest(`Unexpected file field: ${unknown.join(', ')}; expected ${allowed.join(' or ')}`);
}
