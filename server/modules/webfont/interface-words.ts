import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { wordsOf } from './service';

/** A Bengali character a bundler wrote as an escape (`\u09AC`). */
const ESCAPED_BENGALI = /\\u(09[89a-fA-F][0-9a-fA-F]|200[cdCD]|25[cC][cC])/g;

/**
 * The Bangla words of the web app's own interface, read from its build (`assets/*.js`, where the Bangla messages
 * are): they are in the shop's face whatever the catalogue holds. Read once, when the server starts.
 */
export function builtInterfaceWords(webRoot: string): string[] {
  const assets = join(webRoot, 'assets');
  let names: string[];
  try {
    names = readdirSync(assets).filter((name) => name.endsWith('.js'));
  } catch {
    return [];
  }
  return wordsOf(names.map((name) => readFileSync(join(assets, name), 'utf8').replace(ESCAPED_BENGALI, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))));
}
