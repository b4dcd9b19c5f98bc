import { describe, expect, it } from 'vitest';
import { LOCALES } from '@contract/locale';
import type { MessageTable } from '@/i18n/messages';

const tables = import.meta.glob<{ default: MessageTable }>('./*/{en,bn}.ts', { eager: true });
const namespaces = [...new Set(Object.keys(tables).map((path) => path.split('/')[1]!))];

/** A sample value for each parameter a message function takes: texts and counts alike. */
const SAMPLES = ['1', '2', '3', '4'];
const render = (message: MessageTable[string]) => (typeof message === 'string' ? message : message(...SAMPLES.map((value, i) => (i === 0 ? 1 : value))));

describe('the interface texts', () => {
  it.each(namespaces)('%s has every text in English and in Bangla, none empty', (namespace) => {
    const [en, ...others] = LOCALES.map((locale) => tables[`./${namespace}/${locale}.ts`]?.default);
    expect(en, `${namespace}/en.ts`).toBeDefined();
    for (const [index, table] of others.entries()) {
      const locale = LOCALES[index + 1];
      expect(table, `${namespace}/${locale}.ts`).toBeDefined();
      expect(Object.keys(table!).sort(), `${namespace}: keys of ${locale} and en`).toEqual(Object.keys(en!).sort());
      for (const [key, message] of Object.entries(table!)) {
        expect(typeof message, `${namespace}.${key}`).toBe(typeof en![key]);
        expect(render(message).trim(), `${namespace}.${key} in ${locale}`).not.toBe('');
      }
    }
    for (const [key, message] of Object.entries(en!)) expect(render(message).trim(), `${namespace}.${key} in en`).not.toBe('');
  });

  it('writes Bangla texts in Bangla', () => {
    for (const namespace of namespaces) {
      const bn = tables[`./${namespace}/bn.ts`]!.default;
      const bangla = Object.values(bn).filter((message) => /[\u0980-\u09ff]/.test(render(message)));
      // Brand names and codes may stay as they are; most of a namespace is Bangla.
      expect(bangla.length / Object.keys(bn).length, namespace).toBeGreaterThan(0.6);
    }
  });
});
