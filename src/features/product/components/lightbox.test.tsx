import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Gallery } from './gallery';

const IMAGES = ['/media/0123456789abcdef0123456789abcdef.jpg', '/media/fedcba9876543210fedcba9876543210.jpg', '/media/00112233445566778899aabbccddeeff.jpg'];

describe('Lightbox', () => {
  it('opens the image full size from the gallery, pages with arrows, keys and dots, and closes back to the image', async () => {
    render(<Gallery images={IMAGES} video={null} name="Jamdani Saree" />);
    const opener = screen.getByRole('button', { name: 'Open image 1 of 3 full size' });
    await userEvent.click(opener);

    const lightbox = await screen.findByRole('dialog', { name: 'Jamdani Saree — image 1 of 3' });
    expect(within(lightbox).getByRole('img', { name: 'Jamdani Saree (1 of 3)' })).toHaveAttribute('src', `${IMAGES[0]}?w=1200`);
    await userEvent.click(within(lightbox).getByRole('button', { name: 'Next image' }));
    expect(screen.getByRole('dialog', { name: 'Jamdani Saree — image 2 of 3' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(lightbox).getByRole('img', { name: 'Jamdani Saree (3 of 3)' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(lightbox).getByRole('button', { name: 'Show image 1 of 3' })).toHaveAttribute('aria-current', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.click(within(lightbox).getByRole('button', { name: 'Show image 2 of 3' }));
    expect(screen.getByRole('dialog', { name: 'Jamdani Saree — image 2 of 3' })).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The gallery follows the image last seen full size.
    expect(screen.getByRole('img', { name: 'Jamdani Saree (2 of 3)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open image 2 of 3 full size' })).toHaveFocus();
  });

  it('says an image failed to load instead of showing a broken one', async () => {
    render(<Gallery images={IMAGES.slice(0, 1)} video={null} name="Jamdani Saree" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open image 1 of 1 full size' }));
    const lightbox = await screen.findByRole('dialog');
    fireEvent.error(within(lightbox).getByRole('img', { name: 'Jamdani Saree (1 of 1)' }));
    expect(within(lightbox).getByRole('img', { name: 'Failed to load' })).toBeInTheDocument();
    expect(within(lightbox).queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
  });

  it('opens on the rendition the page already loaded and swaps in the large one once it has loaded', async () => {
    render(<Gallery images={IMAGES.slice(0, 2)} video={null} name="Jamdani Saree" />);
    const main = screen.getByRole('img', { name: 'Jamdani Saree (1 of 2)' }) as HTMLImageElement;
    const secondThumbnail = screen.getByRole('button', { name: 'Show image 2 of 2' }).querySelector('img')!;
    fireEvent.load(main);
    fireEvent.load(secondThumbnail);
    await userEvent.click(screen.getByRole('button', { name: 'Open image 1 of 2 full size' }));

    const lightbox = await screen.findByRole('dialog');
    const shown = () => [...lightbox.querySelectorAll('img')].map((img) => img.src);
    const large = (url: string) => new URL(`${url}?w=1200`, location.href).href;
    expect(shown()).toEqual([main.src, large(IMAGES[0]!)]);
    fireEvent.load(within(lightbox).getByRole('img', { name: 'Jamdani Saree (1 of 2)' }));
    expect(shown()).toEqual([large(IMAGES[0]!)]);

    // The second image has only had its thumbnail loaded, which stands in until the large one arrives.
    await userEvent.click(within(lightbox).getByRole('button', { name: 'Next image' }));
    expect(shown()).toEqual([secondThumbnail.src, large(IMAGES[1]!)]);
  });
});
