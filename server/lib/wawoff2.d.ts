/** The part of wawoff2 (Google's WOFF2 encoder as WebAssembly, no types of its own) the server uses. */
declare module 'wawoff2/compress.js' {
  /** TrueType/OpenType bytes as WOFF2. */
  export default function compress(sfnt: Uint8Array): Promise<Uint8Array>;
}
declare module 'wawoff2/decompress.js' {
  /** WOFF2 bytes as TrueType/OpenType. */
  export default function decompress(woff2: Uint8Array): Promise<Uint8Array>;
}
