import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '@/test/api';
import { renderPage } from '@/test/render';
import backOfficeTexts from '@/messages/back-office/en';
import { ProductForm } from './product-form';

const NEEDS_CONNECTION = backOfficeTexts.needsConnection;

/** XMLHttpRequest as far as the upload uses it; the test answers each request and reports its progress. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  body: Blob | null = null;
  withCredentials = false;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: Blob) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const onSaved = vi.fn();
const onRefused = vi.fn();

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:chosen'), revokeObjectURL: vi.fn() }));
  stubApi({ 'GET /api/categories/get-names': ok([{ _id: 'fashion', categoryName: 'Fashion' }]), 'GET /api/subcategories': ok([]) });
});

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Jamdani Saree');
  await screen.findByRole('option', { name: 'Fashion' });
  await user.selectOptions(screen.getByLabelText('Category'), 'fashion');
  await user.type(screen.getByLabelText('Price (৳)'), '1500');
  await user.upload(
    screen.getByLabelText('Add images'),
    new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'saree.png', { type: 'image/png' }),
  );
  await screen.findByText('1 image added');
}

describe('ProductForm', () => {
  it('shows the schema’s messages beside the fields and sends nothing while they stand', async () => {
    const user = userEvent.setup();
    await renderPage(<ProductForm onSaved={onSaved} onRefused={onRefused} />, { at: '/admin/products/new' });
    await user.clear(screen.getByLabelText('Discount (%)'));
    await user.type(screen.getByLabelText('Discount (%)'), '150');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Product name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Price is required')).toBeInTheDocument();
    expect(screen.getByText('Category is required')).toBeInTheDocument();
    expect(screen.getByText('Discount must be between 0 and 99')).toBeInTheDocument();
    expect(screen.getByText('At least one product image is required')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('shows each image’s upload progress while the form is sent, then the server’s message when it refuses', async () => {
    const user = userEvent.setup();
    await renderPage(<ProductForm onSaved={onSaved} onRefused={onRefused} />, { at: '/admin/products/new' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const [request] = FakeXhr.sent;
    expect(request).toMatchObject({ method: 'POST', url: '/api/products' });
    act(() => request!.upload.onprogress?.({ loaded: request!.body!.size - 10 }));
    expect(await screen.findByRole('progressbar', { name: 'Uploading Image 1 of 1' })).toHaveAttribute('value', '100');
    act(() => request!.answer(400, { success: false, message: 'Category not found' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Category not found');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('puts a server message about a field beside that field', async () => {
    const user = userEvent.setup();
    await renderPage(<ProductForm onSaved={onSaved} onRefused={onRefused} />, { at: '/admin/products/new' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() =>
      FakeXhr.sent[0]!.answer(400, { success: false, message: 'Price is too high', errors: [{ path: 'originalPrice', message: 'Price is too high' }] }),
    );
    expect(await screen.findByText('Price is too high')).toBeInTheDocument();
    expect(screen.getByLabelText('Price (৳)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says a save needs a connection when offline, and sends nothing', async () => {
    const user = userEvent.setup();
    await renderPage(<ProductForm onSaved={onSaved} onRefused={onRefused} />, { at: '/admin/products/new' });
    await fillValidForm(user);
    act(() => onlineManager.setOnline(false));
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NEEDS_CONNECTION);
    expect(FakeXhr.sent).toHaveLength(0);
    act(() => onlineManager.setOnline(true));
    expect(FakeXhr.sent).toHaveLength(0);
  });

  /** The form's text fields as the request sent them. */
  async function sentFields(request: FakeXhr): Promise<Record<string, string>> {
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(request.body!);
    });
    const fields: Record<string, string> = {};
    for (const match of text.matchAll(/name="([^"]+)"\r\n\r\n([^]*?)\r\n--/g)) fields[match[1]!] = match[2]!;
    return fields;
  }

  async function fillRiceVariants(user: ReturnType<typeof userEvent.setup>) {
    await fillValidForm(user);
    await user.click(screen.getByLabelText('Sold in sizes or colours with their own price and stock (variants)'));
    // The single price gives way to the table; a row's fields are named by the row.
    expect(screen.queryByRole('textbox', { name: 'Price (৳)' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Size, Variant 1'), '1 kg');
    await user.type(screen.getByLabelText('Price (৳), 1 kg'), '200');
    await user.clear(screen.getByLabelText('Stock, 1 kg'));
    await user.type(screen.getByLabelText('Stock, 1 kg'), '12');
    await user.type(screen.getByLabelText('SKU, 1 kg'), 'RICE-1KG');
    await user.click(screen.getByRole('button', { name: 'Add a variant' }));
    await user.type(screen.getByLabelText('Size, Variant 2'), '500 g');
    await user.type(screen.getByLabelText('Price (৳), 500 g'), '105');
    await user.type(screen.getByLabelText('SKU, 500 g'), 'RICE-500G');
  }

  it('adds, reorders and removes variant rows, and sends them as the product’s variants, as a draft when asked', async () => {
    const user = userEvent.setup();
    await renderPage(<ProductForm onSaved={onSaved} onRefused={onRefused} />, { at: '/admin/products/new' });
    await fillRiceVariants(user);
    await user.click(screen.getByRole('button', { name: 'Add a variant' }));
    await user.type(screen.getByLabelText('Size, Variant 3'), '5 kg');
    await user.click(screen.getByRole('button', { name: 'Move 500 g up' }));
    expect(screen.getAllByRole('button', { name: /^Remove \d/ }).map((button) => button.textContent)).toEqual(['Remove 500 g', 'Remove 1 kg', 'Remove 5 kg']);
    expect(screen.getByRole('button', { name: 'Move 500 g up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove 5 kg' }));
    expect(screen.queryByLabelText('Size, 5 kg')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^Draft/ }));
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const fields = await sentFields(FakeXhr.sent[0]!);
    expect(JSON.parse(fields.variants!)).toEqual([
      { sku: 'RICE-500G', size: '500 g', originalPrice: 105, discount: 0, remainingProducts: 0 },
      { sku: 'RICE-1KG', size: '1 kg', originalPrice: 200, discount: 0, remainingProducts: 12 },
    ]);
    expect(fields.status).toBe('draft');
  });

  it('checks the rows before sending: an empty size, a bad price and a product with no row', async () => {
    const user = userEvent.setup();
    await renderPage(<ProductForm onSaved={onSaved} onRefused={onRefused} />, { at: '/admin/products/new' });
    await fillValidForm(user);
    await user.click(screen.getByLabelText('Sold in sizes or colours with their own price and stock (variants)'));
    await user.type(screen.getByLabelText('Price (৳), Variant 1'), '0');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Size is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Size, Variant 1')).toHaveFocus();
    expect(screen.getByLabelText('Price (৳), Variant 1')).toHaveAccessibleDescription('Variant 1: Price must be more than 0');
    expect(screen.getByLabelText('SKU, Variant 1')).toHaveAccessibleDescription('Variant 1: SKU is required');
    await user.click(screen.getByRole('button', { name: 'Remove Variant 1' }));
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Add at least one variant')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('puts a taken SKU (409) beside its row’s SKU, focused, and keeps every row as typed', async () => {
    const user = userEvent.setup();
    await renderPage(<ProductForm onSaved={onSaved} onRefused={onRefused} />, { at: '/admin/products/new' });
    await fillRiceVariants(user);
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const message = 'The SKU RICE-500G is already used by another product';
    act(() =>
      FakeXhr.sent[0]!.answer(409, {
        success: false,
        message,
        code: 'skuTaken',
        values: ['RICE-500G'],
        errors: [{ path: 'variants.1.sku', message, code: 'skuTaken' }],
      }),
    );
    await waitFor(() => expect(screen.getByLabelText('SKU, 500 g')).toHaveFocus());
    expect(screen.getByLabelText('SKU, 500 g')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('SKU, 500 g')).toHaveAccessibleDescription(message);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Price (৳), 1 kg')).toHaveValue('200');
    expect(screen.getByLabelText('SKU, 500 g')).toHaveValue('RICE-500G');
    expect(screen.getByLabelText('Name')).toHaveValue('Jamdani Saree');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('sends the SKU of a product without variants, puts a taken one (409) beside it as typed, and hides it for variants', async () => {
    const user = userEvent.setup();
    await renderPage(<ProductForm onSaved={onSaved} onRefused={onRefused} />, { at: '/admin/products/new' });
    await fillValidForm(user);
    await user.type(screen.getByLabelText('SKU'), 'SAREE-RED');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(await sentFields(FakeXhr.sent[0]!)).toMatchObject({ sku: 'SAREE-RED', variants: '[]' });
    const message = 'The SKU SAREE-RED is already used by another product';
    act(() =>
      FakeXhr.sent[0]!.answer(409, { success: false, message, code: 'skuTaken', values: ['SAREE-RED'], errors: [{ path: 'sku', message, code: 'skuTaken' }] }),
    );
    await waitFor(() => expect(screen.getByLabelText('SKU')).toHaveFocus());
    expect(screen.getByLabelText('SKU')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('SKU')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByLabelText('SKU')).toHaveValue('SAREE-RED');
    expect(screen.getByLabelText('Price (৳)')).toHaveValue('1500');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // With variants, each row has its SKU and the product none of its own.
    await user.click(screen.getByLabelText('Sold in sizes or colours with their own price and stock (variants)'));
    expect(screen.queryByRole('textbox', { name: 'SKU' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Size, Variant 1'), 'M');
    await user.type(screen.getByLabelText('Price (৳), M'), '1500');
    await user.type(screen.getByLabelText('SKU, M'), 'SAREE-M');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const fields = await sentFields(FakeXhr.sent[1]!);
    expect(fields.sku).toBeUndefined();
    expect(JSON.parse(fields.variants!)).toEqual([{ sku: 'SAREE-M', size: 'M', originalPrice: 1500, discount: 0, remainingProducts: 0 }]);
  });

  it('shows the schema’s message for a bad SKU beside the field and sends nothing', async () => {
    const user = userEvent.setup();
    await renderPage(<ProductForm onSaved={onSaved} onRefused={onRefused} />, { at: '/admin/products/new' });
    await fillValidForm(user);
    await user.type(screen.getByLabelText('SKU'), 'SAREE RED');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() =>
      expect(screen.getByLabelText('SKU')).toHaveAccessibleDescription(expect.stringContaining('SKU may hold letters, digits and . _ - / only')),
    );
    expect(screen.getByLabelText('SKU')).toHaveFocus();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('focuses the first of the fields a 400 names, and keeps the form filled when the network fails', async () => {
    const user = userEvent.setup();
    await renderPage(<ProductForm onSaved={onSaved} onRefused={onRefused} />, { at: '/admin/products/new' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() =>
      FakeXhr.sent[0]!.answer(400, {
        success: false,
        message: 'Product name is required',
        errors: [
          { path: 'name', message: 'Product name is required' },
          { path: 'originalPrice', message: 'Price must be more than 0' },
        ],
      }),
    );
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(screen.getByLabelText('Price (৳)')).toHaveAccessibleDescription('Price must be more than 0');

    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    act(() => FakeXhr.sent[1]!.onerror?.());
    expect(await screen.findByRole('alert')).toHaveTextContent(NEEDS_CONNECTION);
    expect(screen.getByLabelText('Name')).toHaveValue('Jamdani Saree');
    expect(screen.getByLabelText('Price (৳)')).toHaveValue('1500');
    expect(screen.getByLabelText('Category')).toHaveValue('fashion');
  });
});
