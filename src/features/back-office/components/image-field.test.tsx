import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ImageField } from './image-field';

function Harness({ currentUrl, error }: { currentUrl?: string; error?: string }) {
  const [file, setFile] = useState<File | null>(null);
  return <ImageField label="Category image" file={file} onChange={setFile} currentUrl={currentUrl} error={error} hint="Square pictures fit best." />;
}

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

    const file = new File(['png'], 'mango.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Category image'), file);

    expect(createObjectURL).toHaveBeenCalledWith(file);
    expect(screen.getByRole('img', { name: 'Chosen image: mango.png' })).toHaveAttribute('src', 'blob:http://localhost/chosen');

    // The local address is given back once the preview is gone.
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/chosen');
  });

  it('offers only the image types the server keeps, and ties its hint and error to the input', () => {
    render(<Harness error="Image must be 5 MB or smaller" />);
    const input = screen.getByLabelText('Category image');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Square pictures fit best. Image must be 5 MB or smaller');
    expect(screen.getByText('No image')).toBeInTheDocument();
  });
});
