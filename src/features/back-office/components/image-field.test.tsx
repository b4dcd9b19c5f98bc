import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n/messages';
import { ImageField } from './image-field';

function Harness({ currentUrl, error, onChange }: { currentUrl?: string; error?: string; onChange?: (file: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const change = (next: File | null) => {
    onChange?.(next);
    setFile(next);
  };
  return <ImageField label="Category image" file={file} onChange={change} currentUrl={currentUrl} error={error} hint="Square pictures fit best." />;
}

/** A file that starts as a PNG does. */
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], name, { type: 'image/png' });

describe('ImageField', () => {
  it('shows the saved image until another file is chosen, then a preview of the chosen file', async () => {
    const createObjectURL = vi.fn(() => 'blob:http://localhost/chosen');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = revokeObjectURL;
      },
    );
    const { unmount } = render(<Harness currentUrl="/media/0123456789abcdef0123456789abcdef.jpg" />);

    expect(screen.getByRole('img', { name: 'Current image' })).toHaveAttribute('src', '/media/0123456789abcdef0123456789abcdef.jpg?w=400');

    const file = png('mango.png');
    await userEvent.upload(screen.getByLabelText('Category image'), file);

    await waitFor(() => expect(screen.getByRole('img', { name: 'Chosen image: mango.png' })).toHaveAttribute('src', 'blob:http://localhost/chosen'));
    expect(createObjectURL).toHaveBeenCalledWith(file);

    // The local address is given back once the preview is gone.
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/chosen');
  });

  it('offers only the image types the server keeps, and ties its hint and error to the input', () => {
    render(<Harness error="Image must be 25 MB or smaller" />);
    const input = screen.getByLabelText('Category image');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Square pictures fit best. Image must be 25 MB or smaller');
    expect(screen.getByText('No image')).toBeInTheDocument();
  });

  it('refuses a file that is not a picture when it is chosen, naming it, and keeps the picture chosen before', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:chosen'), revokeObjectURL: vi.fn() }));
    const onChange = vi.fn();
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Category image');
    await user.upload(input, png('mango.png'));
    await screen.findByRole('img', { name: 'Chosen image: mango.png' });

    // By its type…
    await user.upload(input, new File(['%PDF-1.7'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('notes.pdf is not a picture: choose a JPEG, PNG, WebP or GIF file.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/notes\.pdf is not a picture/);
    // …and by its first bytes, whatever its name and type say.
    await user.upload(input, new File(['plain words'], 'photo.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('photo.jpg is not a picture: choose a JPEG, PNG, WebP or GIF file.')).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('img', { name: 'Chosen image: mango.png' })).toBeInTheDocument();
  });

  it('removes the chosen picture with a button that names it, in English and in Bangla', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:chosen'), revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    render(<Harness currentUrl="/media/0123456789abcdef0123456789abcdef.jpg" />);
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText('Category image'), png('logo.png'));
    await user.click(await screen.findByRole('button', { name: 'Remove the chosen picture logo.png' }));
    expect(screen.getByRole('img', { name: 'Current image' })).toBeInTheDocument();
    expect(screen.getByLabelText('Category image')).toHaveFocus();

    await act(() => setLocale('bn'));
    try {
      await user.upload(screen.getByLabelText('Category image'), png('logo.png'));
      expect(await screen.findByRole('button', { name: 'বাছাই করা ছবি logo.png সরান' })).toBeInTheDocument();
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
