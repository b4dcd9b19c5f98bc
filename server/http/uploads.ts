import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiMessage } from '../../contract/api-messages';
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES, MEDIA_URL_PATTERN } from '../../contract/catalogue';
import type { MediaStore } from '../modules/media/store';
import { clientKey } from './client-address';
import { badRequest, HttpError } from './errors';

/** An uploaded file, streamed to a temporary file as it arrives: a form of ten 25 MB photos never sits in memory. */
export type UploadedFile = { path: string; size: number };

declare module 'fastify' {
  interface FastifyRequest {
    /** The files of a multipart form, by field name; none for a JSON body or a route without `uploads`. */
    uploads: Record<string, UploadedFile[]> | null;
    /** The media URLs this request stored, pinned until it ends. */
    savedUploads: string[] | null;
  }
  interface FastifyContextConfig {
    /** The route takes a multipart form (or a JSON object) whose files come under these field names. */
    uploads?: readonly string[];
  }
}

/** Big enough for a long description or an FAQ list in Bangla (3 bytes a character), small enough to bound memory. */
const FIELD_BYTES = 256 * 1024;

/** What a request with files holds until it ends: the folder its files were streamed to, and its place among the forms received at once. */
type Receiving = { dir: string | null; leave: () => void };
const receiving = new WeakMap<FastifyRequest, Receiving>();

/** Deletes a request's temporary files and gives up its place; once, whichever of its endings comes first. */
async function finishReceiving(request: FastifyRequest): Promise<void> {
  const held = receiving.get(request);
  if (!held) return;
  receiving.delete(request);
  held.leave();
  if (held.dir) await rm(held.dir, { recursive: true, force: true });
}

/**
 * Lets the routes of the calling plugin that declare `uploads` take multipart forms, with the upload limits of every
 * image field. The form is read before validation: its text fields become the body the route's schema validates,
 * its files are streamed to a temporary folder (`request.uploads`) until the handler stores them, one at a time, and
 * deleted when the request ends however it ends. Few forms are received at once (per account, per address and in all:
 * `MediaStore.receiveForm`), so temporary files are bounded too. Images a request stored stay pinned until it ends (a
 * concurrent deletion of the same content waits); a request that failed after storing some releases them, so refused
 * forms leave nothing on disk.
 */
export async function acceptUploads(app: FastifyInstance, media: MediaStore): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_PRODUCT_IMAGES, fields: 100, fieldSize: FIELD_BYTES, parts: 120 },
  });
  app.decorateRequest('uploads', null);
  app.decorateRequest('savedUploads', null);
  app.addHook('preValidation', async (request, reply) => {
    const { uploads } = request.routeOptions.config;
    if (!uploads) return;
    if (request.isMultipart()) {
      receiving.set(request, { dir: null, leave: media.receiveForm(request.authUser, clientKey(request.ip)) });
      // A response cut short (the client gone) still closes: its files go then.
      reply.raw.once('close', () => void finishReceiving(request));
    }
    const { fields, files } = await readForm(request);
    const unknown = Object.keys(files).filter((field) => !uploads.includes(field));
    // An image sent under a wrong name is an error, not silently lost.
    if (unknown.length > 0) throw badRequest(apiMessage('unexpectedFileField', unknown.join(', '), uploads.join(' or ')));
    // So is a text field the form does not take (`name=` where the update reads `productName=`): refused, not ignored.
    const accepted = fieldsOf(request.routeOptions.schema?.body);
    const strangers = Object.keys(fields).filter((field) => !accepted.has(field) && !uploads.includes(field));
    if (strangers.length > 0) {
      const message = apiMessage('unknownFormFields', strangers.join(', '));
      throw badRequest(
        message,
        strangers.map((field) => ({ path: field, message: message.message, code: message.code })),
      );
    }
    request.body = fields;
    request.uploads = files;
  });
  // Media URLs given as text must name stored files: a product or a banner never shows a picture that is not there.
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.uploads) return;
    for (const [field, value] of Object.entries((request.body ?? {}) as Record<string, unknown>)) await requireStored(media, field, value);
  });
  // The files are done with once the answer is ready, refusal or not: gone before it is sent.
  app.addHook('onSend', async (request) => {
    await finishReceiving(request);
  });
  app.addHook('onResponse', async (request, reply) => {
    const saved = request.savedUploads ?? [];
    for (const url of saved) await media.unpin(url);
    if (reply.statusCode >= 400) await media.release(saved);
  });
}

/** The fields a route's body schema (a zod object) names. */
function fieldsOf(schema: unknown): Set<string> {
  return new Set(schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);
}

/** Multipart limit errors carry a 413 and a terse message; the user gets one that says what to change. */
function uploadError(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, IMAGE_TOO_LARGE);
    case 'FST_FILES_LIMIT':
      return new HttpError(413, apiMessage('tooManyUploads', MAX_PRODUCT_IMAGES));
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, 'The form has too many fields');
    default:
      // Anything else the form's parser throws (no boundary, a part cut short, a field named __proto__) is a body that
      // is not a form we take: said with our code, not in the parser's words, so the app can say it in any language.
      return err instanceof HttpError ? err : badRequest('The form could not be read: it is not valid multipart data');
  }
}

/** Streams a file part to a new file in the request's temporary folder; a file over MAX_IMAGE_BYTES is refused. */
async function receiveFile(request: FastifyRequest, file: MultipartFile['file'], index: number): Promise<UploadedFile> {
  const held = receiving.get(request)!;
  held.dir ??= await mkdtemp(join(tmpdir(), 'haat-upload-'));
  const path = join(held.dir, String(index));
  await pipeline(file, createWriteStream(path));
  if (file.truncated) throw new HttpError(413, IMAGE_TOO_LARGE);
  return { path, size: file.bytesRead };
}

/**
 * Reads a create or update form: multipart (text fields and files), or a JSON object whose image fields carry media
 * URLs. Empty file inputs, which browsers send for an untouched picker, are skipped.
 */
async function readForm(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; files: Record<string, UploadedFile[]> }> {
  if (!request.isMultipart()) {
    const body: unknown = request.body;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) throw badRequest('Expected a form or a JSON object');
    return { fields: { ...(body as Record<string, unknown> | null | undefined) }, files: {} };
  }
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile[]> = {};
  let received = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file = await receiveFile(request, part.file, received++);
        if (file.size === 0 && part.filename === '') continue;
        (files[part.fieldname] ??= []).push(file);
      } else {
        if (part.valueTruncated) throw badRequest(apiMessage('formFieldTooLong', part.fieldname));
        const value = String(part.value);
        const previous = fields[part.fieldname];
        fields[part.fieldname] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
      }
    }
  } catch (err) {
    throw uploadError(err);
  }
  return { fields, files };
}

/** Refuses (400, naming the field) a media URL, or a list of them, naming no stored file; other values pass. */
export async function requireStored(media: MediaStore, field: string, value: unknown): Promise<void> {
  for (const url of Array.isArray(value) ? value : [value]) {
    if (typeof url === 'string' && MEDIA_URL_PATTERN.test(url) && !(await media.isStored(url))) {
      const message = apiMessage('imageNotStored', field);
      throw badRequest(message, [{ path: field, message: message.message, code: message.code }]);
    }
  }
}

async function saveUpload(media: MediaStore, request: FastifyRequest, file: UploadedFile): Promise<string> {
  const url = await media.save(file.path, request.authUser, clientKey(request.ip));
  media.pin(url);
  (request.savedUploads ??= []).push(url);
  return url;
}

/** Stores the uploaded files of `field` and answers their URLs, in the order they came. */
export async function saveUploadedImages(media: MediaStore, request: FastifyRequest, field: string): Promise<string[]> {
  const urls: string[] = [];
  for (const file of request.uploads?.[field] ?? []) urls.push(await saveUpload(media, request, file));
  return urls;
}

/** A single-image field: the uploaded file stored when there is one; else undefined (the caller takes a media URL given as text). */
export async function saveUploadedImage(media: MediaStore, request: FastifyRequest, field: string): Promise<string | undefined> {
  const [first, ...rest] = request.uploads?.[field] ?? [];
  if (rest.length > 0) throw badRequest(apiMessage('oneImagePerField', field));
  return first ? saveUpload(media, request, first) : undefined;
}

/** A form's one image: the uploaded file, stored now that the text fields are valid; else the media URL given as text. */
export async function formImage(media: MediaStore, request: FastifyRequest, field: string, given: unknown): Promise<string | undefined> {
  return (await saveUploadedImage(media, request, field)) ?? (typeof given === 'string' ? given : undefined);
}
