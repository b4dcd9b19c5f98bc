import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '@contract/catalogue';
import { ok, refused, requestsTo, stubApi } from '@/test/api';
import { signInAs } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { stubScreenWidth } from '@/test/screen-width';
import backOfficeTexts from '@/messages/back-office/en';
import { CategoriesPage } from './categories-page';

const NEEDS_CONNECTION = backOfficeTexts.needsConnection;

const FRUITS: Category = { _id: 'c1', categoryName: 'Fruits', categoryNameBn: null, categoryImage: '/media/0123456789abcdef0123456789abcdef.jpg' };

beforeEach(() => {
  signInAs('admin');
  stubScreenWidth(1280);
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = () => 'blob:http://localhost/chosen';
      static override revokeObjectURL = () => {};
    },
  );
});

const openNewCategory = async () => userEvent.click(screen.getByText('New category'));

describe('Categories', () => {
  it('creates a category with its image as a multipart form, previews it as the shop shows it, and lists it', async () => {
    let categories = [FRUITS];
    const fetchMock = stubApi({
      'GET /api/categories': () => ok(categories),
      'POST /api/categories': () => {
        categories = [...categories, { _id: 'c2', categoryName: 'Fish', categoryNameBn: null, categoryImage: '/media/abcdefabcdefabcdefabcdefabcdefab.png' }];
        return ok(categories[1], 201);
      },
    });
    await renderPage(<CategoriesPage />, { at: '/admin/categories' });
    expect(await screen.findByRole('rowheader', { name: 'Fruits' })).toBeInTheDocument();

    await openNewCategory();
    await userEvent.type(screen.getByLabelText('Category name'), 'Fish');
    await userEvent.upload(
      screen.getByLabelText('Category image'),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'fish.png', { type: 'image/png' }),
    );
    const preview = screen.getAllByRole('region', { name: 'Preview in the shop' })[0]!;
    expect(within(preview).getByText('Fish')).toBeInTheDocument();
    // The file's first bytes are read before it is taken.
    await waitFor(() => expect(preview.querySelector('img')).toHaveAttribute('src', 'blob:http://localhost/chosen'));

    await userEvent.click(screen.getByRole('button', { name: 'Create category' }));

    expect(await screen.findByRole('rowheader', { name: 'Fish' })).toBeInTheDocument();
    const [sent] = requestsTo(fetchMock, 'POST /api/categories');
    const form = sent!.body as FormData;
    expect(form.get('categoryName')).toBe('Fish');
    expect((form.get('categoryImage') as File).name).toBe('fish.png');
    // The admin's reads go past the service worker's cache: they carry the token.
    expect(requestsTo(fetchMock, 'GET /api/categories')[0]!.headers.Authorization).toMatch(/^Bearer /);
  });

  it("checks the name with the server's rule and wants an image before sending; shows the server's own message", async () => {
    const fetchMock = stubApi({
      'GET /api/categories': ok([FRUITS]),
      'POST /api/categories': refused(400, 'A category named Fruits already exists'),
    });
    await renderPage(<CategoriesPage />, { at: '/admin/categories' });
    await screen.findByRole('rowheader', { name: 'Fruits' });
    await openNewCategory();

    await userEvent.click(screen.getByRole('button', { name: 'Create category' }));
    expect(await screen.findByText('Category name is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Category name'), 'Fruits');
    await userEvent.click(screen.getByRole('button', { name: 'Create category' }));
    expect(await screen.findByText('Category image is required')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/categories')).toHaveLength(0);

    await userEvent.upload(
      screen.getByLabelText('Category image'),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'fruits.png', { type: 'image/png' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create category' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A category named Fruits already exists');
  });

  it('edits a category’s Bangla name beside its English one, and clears it when emptied', async () => {
    const fetchMock = stubApi({
      'GET /api/categories': ok([{ ...FRUITS, categoryNameBn: 'ফল' }]),
      'PUT /api/categories/c1': ok({ ...FRUITS, categoryNameBn: null }),
    });
    await renderPage(<CategoriesPage />, { at: '/admin/categories' });
    const row = (await screen.findByRole('rowheader', { name: 'Fruits' })).closest('tr')!;
    expect(within(row).getByText('ফল')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Edit Fruits' }));
    const dialog = await screen.findByRole('dialog');
    const bangla = within(dialog).getByLabelText('Name in Bangla');
    expect(bangla).toHaveValue('ফল');
    await userEvent.clear(bangla);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT /api/categories/c1')).toHaveLength(1));
    const form = requestsTo(fetchMock, 'PUT /api/categories/c1')[0]!.body as FormData;
    expect(Object.fromEntries(form)).toEqual({ categoryName: 'Fruits', categoryNameBn: '' });
  });

  it('deletes only once confirmed, and shows why the server refused', async () => {
    const fetchMock = stubApi({
      'GET /api/categories': ok([FRUITS]),
      'DELETE /api/categories/c1': refused(409, 'This category still has products'),
    });
    await renderPage(<CategoriesPage />, { at: '/admin/categories' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Fruits' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete the category Fruits?' });
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Cancel' })[0]!);
    expect(requestsTo(fetchMock, 'DELETE /api/categories/c1')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Fruits' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('This category still has products');
    expect(requestsTo(fetchMock, 'DELETE /api/categories/c1')).toHaveLength(1);
  });

  it('opens the sub-categories of a category and creates one under it', async () => {
    const fetchMock = stubApi({
      'GET /api/categories': ok([FRUITS]),
      'GET /api/subcategories': ok([{ _id: 's1', subCategoryName: 'Mangoes', categoryId: 'c1', subCategoryImage: null }]),
      'POST /api/subcategories': ok({ _id: 's2', subCategoryName: 'Lychees', categoryId: 'c1', subCategoryImage: null }, 201),
    });
    await renderPage(<CategoriesPage />, { at: '/admin/categories' });
    await userEvent.click(await screen.findByRole('button', { name: 'Sub-categories of Fruits' }));

    const subs = await screen.findByRole('region', { name: 'Sub-categories in Fruits' });
    expect(await within(subs).findByRole('rowheader', { name: 'Mangoes' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/subcategories')[0]!.query).toEqual({ categoryId: 'c1' });

    await userEvent.click(within(subs).getByText('New sub-category'));
    await userEvent.type(within(subs).getByLabelText('Sub-category name'), 'Lychees');
    await userEvent.type(within(subs).getByLabelText('Name in Bangla'), 'লিচু');
    await userEvent.click(within(subs).getByRole('button', { name: 'Create sub-category' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/subcategories')).toHaveLength(1));
    const form = requestsTo(fetchMock, 'POST /api/subcategories')[0]!.body as FormData;
    expect(Object.fromEntries(form)).toEqual({ subCategoryName: 'Lychees', subCategoryNameBn: 'লিচু', categoryId: 'c1' });
  });

  it('offline: keeps showing the list it saw, and refuses a change instead of keeping it for later', async () => {
    const fetchMock = stubApi({ 'GET /api/categories': ok([FRUITS]) });
    await renderPage(<CategoriesPage />, { at: '/admin/categories' });
    await screen.findByRole('rowheader', { name: 'Fruits' });
    act(() => onlineManager.setOnline(false));

    await userEvent.click(screen.getByRole('button', { name: 'Delete Fruits' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(NEEDS_CONNECTION);
    expect(screen.getByRole('rowheader', { name: 'Fruits' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE /api/categories/c1')).toHaveLength(0);
    act(() => onlineManager.setOnline(true));
    expect(requestsTo(fetchMock, 'DELETE /api/categories/c1')).toHaveLength(0);
  });
});
