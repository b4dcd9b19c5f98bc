import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SHOP_WORD_TOO_LONG, SHOP_WORDS_FULL, SHOP_WORDS_TOO_FEW, type ShopWord } from '@contract/shop-words';
import { setLocale } from '@/i18n/messages';
import { bodiesSentTo, ok, queriesSentTo, refused, requestsTo, stubApi } from '@/test/api';
import { signInAs } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { stubScreenWidth } from '@/test/screen-width';
import { SearchWordsPage } from './search-words-page';

const entry = (overrides: Partial<ShopWord> = {}): ShopWord => ({
  _id: 'w1',
  words: ['চাল', 'chal', 'rice'],
  updatedAt: '2026-05-01T00:00:00.000Z',
  ...overrides,
});
const HONEY = entry({ _id: 'w2', words: ['মধু', 'modhu', 'honey'] });

const page = (entries: ShopWord[], extra: { page?: number; pages?: number; total?: number } = {}) =>
  ok({ count: entries.length, total: extra.total ?? entries.length, page: extra.page ?? 1, pages: extra.pages ?? 1, data: entries });

const renderWords = (at = '/admin/search-words') => renderPage(<SearchWordsPage area="admin" rest="" />, { at, path: '/admin/$' });

beforeEach(() => {
  signInAs('admin');
  stubScreenWidth(1280);
});

describe('Search words', () => {
  it('lists each entry as its words; finds entries by a word and pages on the server', async () => {
    const fetchMock = stubApi({ 'GET /api/shop-words': page([entry(), HONEY], { pages: 3, total: 120 }) });
    await renderWords();

    expect(await screen.findByRole('row', { name: /চাল · chal · rice/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /মধু · modhu · honey/ })).toBeInTheDocument();
    expect(queriesSentTo(fetchMock, 'GET /api/shop-words')[0]).toEqual({ page: '1', limit: '50' });

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queriesSentTo(fetchMock, 'GET /api/shop-words').at(-1)).toEqual({ page: '2', limit: '50' }));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a word' }), 'chal');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(queriesSentTo(fetchMock, 'GET /api/shop-words').at(-1)).toEqual({ page: '1', limit: '50', search: 'chal' }));
  });

  it('reads the search from the address and says when no entry matches', async () => {
    const fetchMock = stubApi({ 'GET /api/shop-words': page([]) });
    await renderWords('/admin/search-words?search=xyz');
    expect(await screen.findByText('No entry has a word containing “xyz”.')).toBeInTheDocument();
    expect(queriesSentTo(fetchMock, 'GET /api/shop-words')).toEqual([{ page: '1', limit: '50', search: 'xyz' }]);
  });

  it("adds an entry from words separated by commas, checked with the server's rule before sending", async () => {
    const fetchMock = stubApi({ 'GET /api/shop-words': page([]), 'POST /api/shop-words': ok(entry({ words: ['মুরগি', 'murgi', 'chicken'] }), 201) });
    await renderWords();
    await userEvent.click(await screen.findByRole('button', { name: 'Add an entry' }));
    const form = within(screen.getByRole('dialog', { name: 'Add an entry' }));

    await userEvent.type(form.getByLabelText('Words'), 'murgi');
    await userEvent.click(form.getByRole('button', { name: 'Add entry' }));
    await waitFor(() => expect(form.getByLabelText('Words')).toHaveAccessibleDescription(expect.stringContaining(SHOP_WORDS_TOO_FEW)));
    expect(requestsTo(fetchMock, 'POST /api/shop-words')).toHaveLength(0);

    await userEvent.type(form.getByLabelText('Words'), ', Murgi ,মুরগি,, chicken');
    await userEvent.click(form.getByRole('button', { name: 'Add entry' }));
    // The same word in another case is kept once, as first written; spaces around a word and empty words go.
    await waitFor(() => expect(bodiesSentTo(fetchMock, 'POST /api/shop-words')).toEqual([{ words: ['murgi', 'মুরগি', 'chicken'] }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal of a word on the field and keeps what was typed; one about the whole dictionary above the button", async () => {
    let answer = 0;
    stubApi({
      'GET /api/shop-words': page([]),
      'POST /api/shop-words': () =>
        ++answer === 1
          ? { status: 400, body: { success: false, message: 'Validation failed', errors: [{ path: 'words.1', message: SHOP_WORD_TOO_LONG }] } }
          : refused(400, SHOP_WORDS_FULL),
    });
    await renderWords();
    await userEvent.click(await screen.findByRole('button', { name: 'Add an entry' }));
    const form = within(screen.getByRole('dialog', { name: 'Add an entry' }));
    await userEvent.type(form.getByLabelText('Words'), 'dim, egg');
    await userEvent.click(form.getByRole('button', { name: 'Add entry' }));

    const words = form.getByLabelText('Words');
    await waitFor(() => expect(words).toHaveAccessibleDescription(expect.stringContaining(SHOP_WORD_TOO_LONG)));
    expect(words).toHaveAttribute('aria-invalid', 'true');
    expect(words).toHaveValue('dim, egg');

    await userEvent.click(form.getByRole('button', { name: 'Add entry' }));
    expect(await form.findByRole('alert')).toHaveTextContent(SHOP_WORDS_FULL);
    expect(words).toHaveValue('dim, egg');
  });

  it('edits an entry, starting from its words', async () => {
    const fetchMock = stubApi({ 'GET /api/shop-words': page([entry()]), 'PUT /api/shop-words/w1': ok(entry({ words: ['চাল', 'chal', 'rice', 'chaal'] })) });
    await renderWords();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit চাল · chal · rice' }));
    const form = within(screen.getByRole('dialog', { name: 'Edit চাল · chal · rice' }));
    expect(form.getByLabelText('Words')).toHaveValue('চাল, chal, rice');

    await userEvent.type(form.getByLabelText('Words'), ', chaal');
    await userEvent.click(form.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, 'PUT /api/shop-words/w1')).toEqual([{ words: ['চাল', 'chal', 'rice', 'chaal'] }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks before removing an entry', async () => {
    const fetchMock = stubApi({ 'GET /api/shop-words': page([entry()]), 'DELETE /api/shop-words/w1': ok(null) });
    await renderWords();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove চাল · chal · rice' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Remove চাল · chal · rice?' })).getByText('Cancel'));
    expect(requestsTo(fetchMock, 'DELETE /api/shop-words/w1')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Remove চাল · chal · rice' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'DELETE /api/shop-words/w1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the entries as cards at phone width', async () => {
    stubScreenWidth(360);
    stubApi({ 'GET /api/shop-words': page([entry()]) });
    await renderWords();
    const [card] = within(await screen.findByRole('list', { name: 'Search words' })).getAllByRole('listitem');
    expect(card).toHaveTextContent('চাল · chal · rice');
    expect(within(card!).getAllByRole('button')).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('speaks Bangla, and says a refusal of the words in Bangla on the field', async () => {
    stubApi({ 'GET /api/shop-words': page([entry()]) });
    await act(() => setLocale('bn'));
    try {
      await renderWords();
      expect(await screen.findByRole('heading', { level: 1, name: 'খোঁজার শব্দ' })).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'বদলান চাল · chal · rice' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'শব্দগুচ্ছ যোগ করুন' }));
      const form = within(screen.getByRole('dialog', { name: 'শব্দগুচ্ছ যোগ করুন' }));
      await userEvent.type(form.getByLabelText('শব্দগুলো'), 'চাল');
      await userEvent.click(form.getByRole('button', { name: 'যোগ করুন' }));
      await waitFor(() => expect(form.getByLabelText('শব্দগুলো')).toHaveAccessibleDescription(expect.stringContaining('একটি শব্দগুচ্ছে অন্তত ২টি শব্দ লাগে')));
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
