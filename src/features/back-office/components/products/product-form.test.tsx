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
  await user.upload(screen.getByLabelText('Add images'), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'saree.png', { type: 'image/png' }));
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
    act(() => FakeXhr.sent[0]!.answer(400, { success: false, message: 'Price is too high', errors: [{ path: 'originalPrice', message: 'Price is too high' }] }));
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
});
