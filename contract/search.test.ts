import { describe, expect, it } from 'vitest';
import { deletionVariants, editDistance, keysOfWord, matchWord, queryWords, relevance, searchKeys, toLatin, typosAllowed, wordsOf } from './search';

/** Everyday words and how Avro phonetic writes them; the second spelling is the one with the inherent vowel as `a`. */
const EVERYDAY_WORDS: [bangla: string, avro: string, withA: string][] = [
  ['চাল', 'chal', 'chal'],
  ['ডাল', 'dal', 'dal'],
  ['মধু', 'modhu', 'madhu'],
  ['চা', 'cha', 'cha'],
  ['শাড়ি', 'shari', 'shari'],
  ['মুরগি', 'murgi', 'murgi'],
  ['পথের', 'pother', 'pather'],
  ['পাঁচালী', 'panchali', 'panchali'],
  ['দেবদাস', 'debdas', 'debdas'],
  ['কলম', 'kolom', 'kalam'],
  ['লবণ', 'lobon', 'laban'],
  ['বাংলা', 'bangla', 'bangla'],
  ['আলু', 'alu', 'alu'],
  ['হাজার', 'hajar', 'hajar'],
  ['বছর', 'bochhor', 'bachhar'],
  ['ধরে', 'dhore', 'dhare'],
  ['টমেটো', 'tometo', 'tameto'],
  ['চন্দ্র', 'chondro', 'chandra'],
  ['ব্যাগ', 'byag', 'byag'],
  ['সরিষা', 'sorisha', 'sarisha'],
  ['তেল', 'tel', 'tel'],
  ['চিনি', 'chini', 'chini'],
  ['ডিম', 'dim', 'dim'],
  ['মাছ', 'machh', 'machh'],
  ['দুধ', 'dudh', 'dudh'],
  ['পেঁয়াজ', 'penyaj', 'penyaj'],
  ['রসুন', 'rosun', 'rasun'],
  ['আদা', 'ada', 'ada'],
  ['লুঙ্গি', 'lunggi', 'lunggi'],
  ['পাঞ্জাবি', 'panjabi', 'panjabi'],
  ['জুতা', 'juta', 'juta'],
  ['মোবাইল', 'mobail', 'mobail'],
  ['চশমা', 'choshma', 'chashma'],
  ['ঘড়ি', 'ghori', 'ghari'],
  ['বই', 'boi', 'bai'],
  ['কাপড়', 'kapor', 'kapar'],
  ['গামছা', 'gamchha', 'gamchha'],
  ['সাবান', 'saban', 'saban'],
  ['ময়দা', 'moyda', 'mayda'],
  ['কম্বল', 'kombol', 'kambal'],
  ['বালিশ', 'balish', 'balish'],
  ['লিচু', 'lichu', 'lichu'],
  ['মিষ্টি', 'mishti', 'mishti'],
  ['বাংলাদেশ', 'bangladesh', 'bangladesh'],
  ['মুড়ি', 'muri', 'muri'],
  ['শার্ট', 'shart', 'shart'],
  ['প্যান্ট', 'pyant', 'pyant'],
  ['ক্ষীর', 'kshir', 'kshir'],
];

describe('Bangla in Latin letters', () => {
  it.each(EVERYDAY_WORDS)('%s is written %s (or %s)', (bangla, avro, withA) => {
    expect(toLatin(bangla)).toBe(avro);
    expect(toLatin(bangla, 'a')).toBe(withA);
  });

  it('reads ড় and য় typed as a letter and a nukta like the single letters', () => {
    expect(toLatin('ঘড\u09BCি')).toBe('ghori');
    expect(toLatin('ময\u09BCদা')).toBe('moyda');
  });

  it('writes Bangla digits as digits and leaves Latin text alone', () => {
    expect(toLatin('চাল ৫ kg')).toBe('chal 5 kg');
  });
});

describe('search keys', () => {
  it('meet the Banglish a shopper types, spelt either way', () => {
    for (const [bangla, avro, withA] of EVERYDAY_WORDS) {
      const keys = keysOfWord(bangla);
      expect(keys).toEqual(expect.arrayContaining([...keysOfWord(avro), ...keysOfWord(withA)]));
    }
    expect(searchKeys('chaal')).toEqual(searchKeys('চাল'));
    expect(searchKeys('Pather Panchali')).toEqual(expect.arrayContaining(['pather', 'panchali']));
    expect(searchKeys('পথের পাঁচালী')).toEqual(expect.arrayContaining(['pather', 'panchali']));
  });

  it.each([
    ['ফল', 'fol'],
    ['ফুল', 'ful'],
    ['ফোন', 'fon'],
    ['ভাত', 'vat'],
    ['ভালো', 'valo'],
    ['ভর্তা', 'vorta'],
    ['জিরা', 'zira'],
    ['বাজার', 'bazar'],
    ['মাছ', 'mach'],
    ['কোরান', 'qoran'],
  ])('meet %s typed as %s, the letters a Bangladeshi typist uses for the same sound', (bangla, typed) => {
    expect(keysOfWord(bangla)).toEqual(expect.arrayContaining(keysOfWord(typed)));
  });

  it('make ph and f, bh and v, z and j one in Latin words too', () => {
    expect(searchKeys('smartphone')).toEqual(searchKeys('smartfone'));
    expect(searchKeys('Bhuna Khichuri')).toEqual(searchKeys('vuna khichuri'));
    expect(searchKeys('zira')).toEqual(searchKeys('jira'));
  });

  it('are whole words: চাল is not a key of পাঁচালী', () => {
    expect(searchKeys('পাঁচালী')).not.toContain('chal');
    expect(wordsOf('পথের পাঁচালী, Canvas-Sneakers')).toEqual(['পথের', 'পাঁচালী', 'canvas', 'sneakers']);
  });
});

describe('typos', () => {
  it('allow one from 4 letters and two from 8', () => {
    expect([typosAllowed('tea'), typosAllowed('rice'), typosAllowed('snekars'), typosAllowed('sneekers'), typosAllowed('চাল')]).toEqual([0, 1, 1, 2, 1]);
  });

  it('count a swap of neighbours as one edit and stop past the limit', () => {
    expect(editDistance('rcie', 'rice', 1)).toBe(1);
    expect(editDistance('snekars', 'snekers', 1)).toBe(1);
    expect(editDistance('panjabi', 'pant', 1)).toBe(2);
  });

  it('find two keys within their typos through a shared deletion variant', () => {
    const shared = (a: string, b: string, n: number) => deletionVariants(a, n).some((v) => deletionVariants(b, n).includes(v));
    expect(shared('snikers', 'snekers', 1)).toBe(true);
    expect(shared('rcie', 'rice', 1)).toBe(true);
    expect(shared('tea', 'team', 0)).toBe(false);
  });
});

describe('relevance', () => {
  const product = (name: string, tags = '', category = '', description = '') => ({
    name: searchKeys(name),
    tags: searchKeys(tags),
    category: searchKeys(category),
    description: searchKeys(description),
  });

  it('puts the exact word before its start, and the start before a typo', () => {
    const [word] = queryWords('tea');
    expect(matchWord(word!, searchKeys('Tea'))).toBe('exact');
    expect(matchWord(word!, searchKeys('Team'))).toBe('start');
    expect(matchWord(queryWords('sneekers')[0]!, searchKeys('Canvas Sneakers'))).toBe('typo');
    const words = queryWords('tea');
    expect(relevance(words, product('Premium Tea'))).toBeGreaterThan(relevance(words, product('Bangladesh Team Jersey')));
  });

  it('counts the name before tags, tags before the category, the category before the description', () => {
    const words = queryWords('rice');
    const scores = [product('Rice'), product('Bag', 'rice'), product('Bag', '', 'Rice'), product('Bag', '', '', 'for rice')].map((p) => relevance(words, p));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(new Set(scores).size).toBe(4);
  });

  it('needs every word, and counts shop words as the same word', () => {
    expect(relevance(queryWords('canvas rice'), product('Canvas Sneakers'))).toBe(0);
    const words = queryWords('চাল', (keys) => (keys.includes('chal') ? ['rice'] : []));
    expect(relevance(words, product('Miniket Rice'))).toBeGreaterThan(0);
    expect(relevance(words, product('পথের পাঁচালী'))).toBe(0);
  });
});
