import { create } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { createUser, useShop } from '../../test/harness';
import { insertCategory, insertProduct } from '../products/test-fixtures';
import { MAX_WORD_LENGTH, shopWebfont, shopWords, WORDS_PER_AUTHOR } from './service';

const t = useShop({ people: true });

const drawn = (woff2: Buffer, word: string) =>
  create(woff2)
    .layout(word)
    .glyphs.every((glyph) => glyph.id !== 0);
/** Consonants ক … হ: cheap letters a seller may string into words. */
const LETTERS = [...'কখগঘঙচছজঝঞটঠডঢণতথদধনপফবভমযরলশষসহ'];
/** The `n`th of the words অ + three consonants: every one sorts before any word of a real shop that starts otherwise. */
const cheapWord = (n: number) =>
  `অ${LETTERS[Math.floor(n / LETTERS.length ** 2) % LETTERS.length]}${LETTERS[Math.floor(n / LETTERS.length) % LETTERS.length]}${LETTERS[n % LETTERS.length]}`;
const REAL_WORDS = ['জামদানি', 'শাড়ি', 'হাতে', 'বোনা'];

async function realShop() {
  const category = await insertCategory(t.db, 'শাড়ি');
  await insertProduct(t.db, { categoryId: category.id, name: 'জামদানি শাড়ি', description: 'হাতে বোনা', ownerId: t.seller.id, remaining: 5 });
  return category;
}

function webfont(options: { cutTimeoutMs?: number } = {}) {
  const errors: unknown[] = [];
  const font = shopWebfont({ db: t.db, recheckMs: 0, onError: (error) => errors.push(error), ...options });
  return { font, errors };
}

describe("the shop's webfont against a seller's words", () => {
  it('keeps the categories and the products in stock when a seller writes 63,200 cheap words that sort first', async () => {
    const category = await realShop();
    const attacker = await createUser(t.db, { name: 'Cheap Words', email: 'cheap@example.com', role: 'seller' });
    for (let p = 0; p < 100; p += 1) {
      const description = Array.from({ length: 632 }, (_, i) => cheapWord(p * 632 + i)).join(' ');
      await insertProduct(t.db, { categoryId: category.id, name: `Words ${p}`, description, ownerId: attacker.id, remaining: 0 });
    }

    const words = await shopWords(t.db);
    for (const word of REAL_WORDS) expect(words, word).toContain(word);
    expect(words.filter((word) => word.startsWith('অ')).length).toBe(WORDS_PER_AUTHOR);

    const { font, errors } = webfont();
    try {
      const face = await font.face(400);
      expect(errors).toEqual([]);
      expect(face.cut).toBe('words');
      for (const word of REAL_WORDS) expect(drawn(face.woff2, word), word).toBe(true);
    } finally {
      await font.close();
    }
  }, 120_000);

  it('skips a word longer than any real one: 100 products with a 10,000-letter word each leave the cut quick and whole', async () => {
    const category = await realShop();
    const attacker = await createUser(t.db, { name: 'Long Words', email: 'long@example.com', role: 'seller' });
    for (let p = 0; p < 100; p += 1) {
      await insertProduct(t.db, { categoryId: category.id, name: `Long ${p}`, description: `${'ক্ষ'.repeat(3_332)}${cheapWord(p)}`, ownerId: attacker.id });
    }
    const words = await shopWords(t.db);
    expect(words.filter((word) => word.length > MAX_WORD_LENGTH)).toEqual([]);
    for (const word of REAL_WORDS) expect(words, word).toContain(word);

    const { font, errors } = webfont();
    try {
      const face = await font.face(700);
      expect(errors).toEqual([]);
      expect(face.cut).toBe('words');
      for (const word of REAL_WORDS) expect(drawn(face.woff2, word), word).toBe(true);
    } finally {
      await font.close();
    }
  }, 120_000);

  it('serves the whole Bengali block when a cut fails, and tries again only once the words change', async () => {
    const category = await realShop();
    // Every cut of the words takes longer than its limit.
    const { font, errors } = webfont({ cutTimeoutMs: 1 });
    try {
      const face = await font.face(400);
      expect(errors).toHaveLength(1);
      expect(face.cut).toBe('block');
      expect(drawn(face.woff2, 'ঢাকা')).toBe(true);

      // A write that changed no word: nothing is cut.
      font.textChanged();
      await font.face(400);
      await font.idle();
      expect(errors).toHaveLength(1);

      await insertProduct(t.db, { categoryId: category.id, name: 'নকশি কাঁথা', ownerId: t.seller.id, remaining: 1 });
      font.textChanged();
      await font.face(400);
      await font.idle();
      expect(errors).toHaveLength(2);
      expect((await font.face(400)).cut).toBe('block');
    } finally {
      await font.close();
    }
  }, 120_000);
});
