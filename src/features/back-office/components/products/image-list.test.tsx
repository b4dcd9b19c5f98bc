import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n/messages';
import type { ImageItem } from '../../lib/products/product-form';
import type { UploadProgress } from '../../lib/products/product-api';
import { ImageList } from './image-list';

const saved = (name: string): ImageItem => ({ key: name, name, src: `/media/${name}`, url: `/media/${name}` });
const chosen = (name: string): ImageItem => ({ key: `new-${name}`, name, src: `blob:${name}`, file: new File(['x'], name, { type: 'image/png' }) });

function Harness({ initial, progress }: { initial: ImageItem[]; progress?: UploadProgress }) {
  const [images, setImages] = useState(initial);
  return <ImageList images={images} onChange={setImages} progress={progress} />;
}

/** A file that starts as a PNG does: what the picker checks besides the type. */
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], name, { type: 'image/png' });

const order = () => screen.getAllByRole('listitem').map((item) => item.textContent?.replace(/\(new\)/, '').trim());

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:chosen'), revokeObjectURL: vi.fn() }));
});

describe('ImageList', () => {
  it('moves a focused image with the arrow keys, keeps the focus on it and announces where it went', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[saved('a.jpg'), saved('b.jpg'), saved('c.jpg')]} />);
    await user.click(screen.getByRole('button', { name: 'Reorder Image 3 of 3' }));
    await user.keyboard('{ArrowUp}');
    expect(order()).toEqual(['a.jpg', 'c.jpg', 'b.jpg']);
    expect(screen.getByText('c.jpg moved to position 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reorder Image 2 of 3' })).toHaveFocus());
    await user.keyboard('{ArrowUp}');
    expect(order()).toEqual(['c.jpg', 'a.jpg', 'b.jpg']);
    // Already first: nothing moves.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reorder Image 1 of 3' })).toHaveFocus());
    await user.keyboard('{ArrowUp}');
    expect(order()).toEqual(['c.jpg', 'a.jpg', 'b.jpg']);
    await user.keyboard('{ArrowDown}');
    expect(order()).toEqual(['a.jpg', 'c.jpg', 'b.jpg']);
  });

  it('moves with the buttons, which are disabled at the ends', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[saved('a.jpg'), saved('b.jpg')]} />);
    expect(screen.getByRole('button', { name: 'Move Image 1 of 2 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Image 2 of 2 down' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Image 1 of 2 down' }));
    expect(order()).toEqual(['b.jpg', 'a.jpg']);
  });

  it('moves an image dragged by its handle to the row under the pointer', () => {
    // jsdom has no PointerEvent: a mouse event with a pointer id stands in, so the pointer's position arrives.
    vi.stubGlobal(
      'PointerEvent',
      class extends MouseEvent {
        readonly pointerId: number;
        constructor(type: string, init: PointerEventInit = {}) {
          super(type, init);
          this.pointerId = init.pointerId ?? 0;
        }
      },
    );
    render(<Harness initial={[saved('a.jpg'), saved('b.jpg'), saved('c.jpg')]} />);
    // Rows 50 px high, one under the other.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const index = [...(this.parentElement?.children ?? [])].indexOf(this);
      return { top: index * 50, bottom: index * 50 + 50 } as DOMRect;
    });
    const handle = screen.getByRole('button', { name: 'Reorder Image 1 of 3' });
    act(() => {
      fireEvent.pointerDown(handle, { button: 0, pointerId: 1 });
      fireEvent.pointerMove(handle, { pointerId: 1, clientY: 75 });
      fireEvent.pointerMove(handle, { pointerId: 1, clientY: 140 });
      fireEvent.pointerUp(handle, { pointerId: 1 });
    });
    expect(order()).toEqual(['b.jpg', 'c.jpg', 'a.jpg']);
    expect(screen.getByText('a.jpg moved to position 3 of 3')).toBeInTheDocument();
  });

  it('removes an image, lets a chosen file go, and announces it', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[saved('a.jpg'), chosen('new.png')]} />);
    await user.click(screen.getByRole('button', { name: 'Remove image 2 of 2, new.png' }));
    expect(order()).toEqual(['a.jpg']);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:new.png');
    expect(screen.getByText('new.png removed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove image 1 of 1, a.jpg' }));
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(screen.getByText('No images yet.')).toBeInTheDocument();
  });

  it('adds chosen files at the end', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[saved('a.jpg')]} />);
    await user.upload(screen.getByLabelText('Add images'), [png('one.png'), png('two.png')]);
    expect(await screen.findByText('2 images added')).toBeInTheDocument();
    expect(order()).toEqual(['a.jpg', 'one.png', 'two.png']);
  });

  it('refuses a file that is not a picture when it is chosen, naming it, by its type or its first bytes, and adds the others', async () => {
    // The picker's filter is the browser's suggestion only: "All files" lets anything through.
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness initial={[saved('a.jpg')]} />);
    const pdf = new File(['%PDF-1.7'], 'notes.pdf', { type: 'application/pdf' });
    const renamed = new File(['just some words'], 'photo.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Add images'), [pdf, png('mango.png'), renamed]);
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByText(/is not a picture/)
        .map((refusal) => refusal.textContent),
    ).toEqual(['notes.pdf is not a picture: choose a JPEG, PNG, WebP or GIF file.', 'photo.jpg is not a picture: choose a JPEG, PNG, WebP or GIF file.']);
    expect(order()).toEqual(['a.jpg', 'mango.png']);
    expect(screen.getByText('1 image added')).toBeInTheDocument();
    // The refusal is tied to the picker, so a screen reader hears it there too.
    expect(screen.getByLabelText('Add images')).toHaveAccessibleDescription(/notes\.pdf is not a picture/);
  });

  it('says the refusal and names the remove buttons in Bangla', async () => {
    await act(() => setLocale('bn'));
    try {
      const user = userEvent.setup({ applyAccept: false });
      render(<Harness initial={[saved('a.jpg'), chosen('new.png')]} />);
      expect(screen.getByRole('button', { name: 'ছবি ২ / ২, new.png সরান' })).toBeInTheDocument();
      await user.upload(screen.getByLabelText('ছবি যোগ করুন'), new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('notes.pdf কোনো ছবি নয়: একটি JPEG, PNG, WebP বা GIF ফাইল বেছে নিন।');
    } finally {
      await act(() => setLocale('en'));
    }
  });

  it('shows the upload progress of each new image, and none for images already stored', () => {
    render(<Harness initial={[saved('a.jpg'), chosen('one.png'), chosen('two.png')]} progress={{ 'new-one.png': 1, 'new-two.png': 0.456 }} />);
    expect(within(screen.getByRole('listitem', { name: 'Image 1 of 3' })).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading Image 2 of 3' })).toHaveAttribute('value', '100');
    expect(screen.getByRole('progressbar', { name: 'Uploading Image 3 of 3' })).toHaveAttribute('value', '46');
  });
});
