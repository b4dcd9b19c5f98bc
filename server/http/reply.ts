import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { apiFailureSchema, apiSuccessSchema, type ApiSuccess } from '../../contract/envelope';

export function ok<T>(data: T, message = 'OK'): ApiSuccess<T> {
  return { success: true, message, data };
}

type SuccessStatus = 200 | 201;

/**
 * A route's declared answers: its data in the success envelope under each status it answers with, and the failure
 * envelope for every error. Answers are serialised by these schemas, so a field they do not name never leaves.
 */
export function answers<T extends z.ZodType, S extends SuccessStatus = 200>(data: T, statuses: readonly S[] = [200 as S]) {
  const success = apiSuccessSchema(data);
  const declared = Object.fromEntries(statuses.map((status) => [status, success])) as { [K in S]: typeof success };
  return { ...declared, '4xx': apiFailureSchema, '5xx': apiFailureSchema };
}

/** The data of answers that carry none. */
export const noData = z.null();

/** A file answer (an image, a PDF): sent as it is, described as binary. */
export const binary = z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' });

/** A route's declared answer when it sends a file of `type`. */
export const fileAnswer = (type: string, description: string) => ({ 200: { description, content: { [type]: { schema: binary } } } });

type Document = { type: string; filename: string; body: Buffer; disposition: 'inline' | 'attachment' };

/**
 * Sends a document made for the signed-in user (an invoice, a packing slip, an export): no shared cache keeps it.
 * `inline` opens it in the browser, `attachment` saves it under `filename`.
 */
export function sendDocument(reply: FastifyReply, { type, filename, body, disposition }: Document): FastifyReply {
  return reply.type(type).header('Content-Disposition', `${disposition}; filename="${filename}"`).header('Cache-Control', 'private, no-store').send(body);
}

/**
 * Sends an answer already serialised by the route's answer schema (a cached one): Fastify sends text as it is. The
 * reply is taken untyped because the route's typed reply accepts only the answer as an object.
 */
export function sendSerialised(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
