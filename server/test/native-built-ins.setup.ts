import { runInNewContext } from 'node:vm';
import { afterAll, expect } from 'vitest';

/**
 * The API test files of a worker share one thread and module graph: a file that lets a polyfill replace a built-in
 * (pdf.js's build replaces JSON.parse with a parser written in JavaScript) slows every later file of its worker (the
 * hostile-input walk took eight times as long). Each file checks, when it ends, that the built-ins the server leans on
 * are still the engine's.
 */

// Another realm's toString: a polyfill that replaces a built-in replaces this realm's too, to pass itself off as native.
const sourceOf: (this: unknown) => string = runInNewContext('Function.prototype.toString');

function replacedBuiltIns(): string[] {
  return Object.entries({ 'JSON.parse': JSON.parse, 'JSON.stringify': JSON.stringify, 'Array.prototype.push': Array.prototype.push })
    .filter(([, fn]) => !sourceOf.call(fn).includes('[native code]'))
    .map(([name]) => name);
}

afterAll(() => {
  expect(replacedBuiltIns(), 'built-ins replaced by a polyfill this file loaded').toEqual([]);
});
