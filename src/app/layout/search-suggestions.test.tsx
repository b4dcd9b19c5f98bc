import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Suggestions } from '@contract/catalogue';
import { setLocale } from '@/i18n/messages';
import { session } from '@/lib/session';
import { ok, queriesSentTo, stubApi } from '@/test/api';
import { renderPage } from '@/test/render';
import { Navbar } from './navbar';

const SUGGEST = 'GET /api/products/suggest';

const SNEAKERS: Suggestions = {
  products: [
    { _id: 'p1', productName: 'Canvas Sneakers', productImage: null, productPrice: 1200 },
    { _id: 'p2', productName: 'Sneaker Socks', productImage: null, productPrice: 150 },
  ],
  categories: [{ _id: 'c1', categoryName: 'Shoes' }],
};

/** The suggestions for "snea" and nothing for any other text, so a list shown is the answer to the text in the box. */
const stubSuggestions = () => stubApi({ [SUGGEST]: (_sent, url) => ok(url.searchParams.get('q') === 'snea' ? SNEAKERS : { products: [], categories: [] }) });

/** The header with its search box, focused: the suggestions load on the first focus and make the box a combobox. */
async function renderBox(name = 'Search products') {
  const user = userEvent.setup();
  const view = await renderPage(<Navbar logo={null} />, { at: '/' });
  await user.click(screen.getByRole('searchbox', { name }));
  // The first focus loads the suggestions' code on demand, as the browser does.
  const box = await screen.findByRole('combobox', { name }, { timeout: 5_000 });
  return { user, box, router: view.router, form: screen.getByRole('search') };
}

/** Types "snea" and waits for its suggestions. */
async function typeSnea(user: ReturnType<typeof userEvent.setup>, box: HTMLElement) {
  await user.type(box, 'snea');
  const listbox = await screen.findByRole('listbox', {}, { timeout: 5_000 });
  await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(3));
  return listbox;
}

const options = () => screen.getAllByRole('option');
const selected = () => options().map((option) => option.getAttribute('aria-selected'));

beforeEach(() => session.logout());

describe("the search box's suggestions (the combobox pattern)", () => {
  it('is a combobox that controls a listbox, closed until there is something to suggest', async () => {
    stubSuggestions();
    const { box } = await renderBox();
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    const controlled = document.getElementById(box.getAttribute('aria-controls')!);
    expect(controlled).toHaveAttribute('role', 'listbox');
    expect(controlled).not.toBeVisible();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('lists the products and categories suggested for the text typed, and says how many there are', async () => {
    const fetchMock = stubSuggestions();
    const { user, box, form } = await renderBox();
    const listbox = await typeSnea(user, box);
    expect(listbox).toHaveAccessibleName('Suggestions');
    expect(listbox.id).toBe(box.getAttribute('aria-controls'));
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(options().map((option) => option.textContent)).toEqual(['Canvas Sneakers', 'Sneaker Socks', 'ShoesCategory']);
    expect(selected()).toEqual(['false', 'false', 'false']);
    expect(queriesSentTo(fetchMock, SUGGEST).at(-1)).toEqual({ q: 'snea' });
    expect(within(form).getByRole('status')).toHaveTextContent(/^3 suggestions$/);
    expect(box).toHaveFocus();
  });

  it('says so when nothing is suggested, and shows no list', async () => {
    stubSuggestions();
    const { user, box, form } = await renderBox();
    await user.type(box, 'xyz');
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent(/^No suggestions$/), { timeout: 5_000 });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves the active option with the arrows, wrapping at either end, while the box keeps the focus', async () => {
    stubSuggestions();
    const { user, box } = await renderBox();
    await typeSnea(user, box);
    const expectActive = (index: number) => {
      expect(box).toHaveAttribute('aria-activedescendant', options()[index]!.id);
      expect(selected()).toEqual(['false', 'false', 'false'].map((no, i) => (i === index ? 'true' : no)));
      expect(box).toHaveFocus();
    };
    await user.keyboard('{ArrowDown}');
    expectActive(0);
    await user.keyboard('{ArrowDown}');
    expectActive(1);
    await user.keyboard('{ArrowUp}');
    expectActive(0);
    await user.keyboard('{ArrowUp}');
    expectActive(2);
    await user.keyboard('{ArrowDown}');
    expectActive(0);
    expect(box).toHaveValue('snea');
  });

  it('opens the active product on Enter', async () => {
    stubSuggestions();
    const { user, box, router } = await renderBox();
    await typeSnea(user, box);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/p2'));
  });

  it('opens the active category on Enter', async () => {
    stubSuggestions();
    const { user, box, router } = await renderBox();
    await typeSnea(user, box);
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(router.state.location.search).toEqual({ category: 'c1' });
  });

  it('searches the text typed on Enter when no option is active', async () => {
    stubSuggestions();
    const { user, box, router } = await renderBox();
    await typeSnea(user, box);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(router.state.location.search).toEqual({ search: 'snea' });
  });

  it('lets typing take the choice back to the text: the active option is dropped, and Enter searches what is typed', async () => {
    stubSuggestions();
    const { user, box, router } = await renderBox();
    await typeSnea(user, box);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options()[0]!.id);
    await user.keyboard('k');
    expect(box).toHaveValue('sneak');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(router.state.location.search).toEqual({ search: 'sneak' });
  });

  it('closes the list on Escape and keeps the text; the arrows open it again', async () => {
    stubSuggestions();
    const { user, box, form, router } = await renderBox();
    await typeSnea(user, box);
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveValue('snea');
    expect(box).toHaveFocus();
    expect(within(form).getByRole('status')).toHaveTextContent(/^$/);
    expect(router.state.location.pathname).toBe('/');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeVisible();
    expect(box).toHaveAttribute('aria-activedescendant', options()[0]!.id);
  });

  it('speaks Bangla: the list, the category and the count', async () => {
    await act(() => setLocale('bn'));
    try {
      stubSuggestions();
      const { user, box, form } = await renderBox('পণ্য খুঁজুন');
      const listbox = await typeSnea(user, box);
      expect(listbox).toHaveAccessibleName('পরামর্শ');
      expect(options()[2]).toHaveTextContent('Shoesক্যাটাগরি');
      expect(within(form).getByRole('status')).toHaveTextContent(/^৩টি পরামর্শ$/);
      await user.clear(box);
      await user.type(box, 'xyz');
      await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent(/^কোনো পরামর্শ নেই$/), { timeout: 5_000 });
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
