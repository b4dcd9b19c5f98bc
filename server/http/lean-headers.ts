import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Headers that only govern a document (what it may load, frame or open). Helmet sends them with every answer, about
 * 900 bytes each time; over HTTP/1.1 nothing compresses headers, and on a 400 kbps link a first visit's fifty-odd
 * scripts, images and API answers would spend about a second on them.
 */
const DOCUMENT_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** JSON opened on its own may still not be framed or load anything. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Answers a browser never renders as a document with script: raster images, fonts, JSON and the web app manifest,
 * and the build's scripts and styles. The service worker's script stays out (its policy is the worker's), and so
 * do SVG, HTML and PDF, which a browser opens as documents.
 */
function isSubresource(path: string, contentType: string): boolean {
  if (/^(image\/(avif|webp|jpeg|png|gif)|font\/|application\/(json|manifest\+json))\b/.test(contentType)) return true;
  return path.startsWith('/assets/') && /^(text\/css|(application|text)\/javascript)\b/.test(contentType);
}

/** `onSend` hook: drops the document-only headers from subresources; JSON keeps a policy of its own. */
export async function leanSubresourceHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const contentType = String(reply.getHeader('content-type') ?? '');
  if (!isSubresource(request.url.split('?')[0] ?? '', contentType)) return payload;
  for (const header of DOCUMENT_HEADERS) reply.removeHeader(header);
  if (contentType.startsWith('application/json')) reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
  return payload;
}
