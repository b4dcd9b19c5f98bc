import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Gallery } from './gallery';

const IMAGES = ['/media/0123456789abcdef0123456789abcdef.jpg'];

function setConnection(connection: { saveData?: boolean; effectiveType?: string }) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'connection');
});

async function openVideoSlide() {
  await userEvent.click(screen.getByRole('button', { name: 'Show video' }));
}

describe('Gallery video under data saver', () => {
  it('plays the chosen video at once on a good connection', async () => {
    setConnection({ saveData: false, effectiveType: '4g' });
    const { container } = render(<Gallery images={IMAGES} video="https://cdn.example.com/kettle.mp4" name="Kettle" />);
    await openVideoSlide();
    await waitFor(() => expect(container.querySelector('video')).toHaveAttribute('src', 'https://cdn.example.com/kettle.mp4'));
    expect(screen.queryByRole('button', { name: 'Play video' })).not.toBeInTheDocument();
  });

  it('loads nothing under Save-Data until the shopper presses Play video', async () => {
    setConnection({ saveData: true });
    const { container } = render(<Gallery images={IMAGES} video="https://cdn.example.com/kettle.mp4" name="Kettle" />);
    await openVideoSlide();
    const play = await screen.findByRole('button', { name: 'Play video' });
    expect(container.querySelector('video')).toBeNull();

    await userEvent.click(play);
    expect(container.querySelector('video')).toHaveAttribute('src', 'https://cdn.example.com/kettle.mp4');
  });

  it('opens no embedded player on 2G until asked', async () => {
    setConnection({ effectiveType: '2g' });
    render(<Gallery images={IMAGES} video="https://www.youtube.com/watch?v=dQw4w9WgXcQ" name="Kettle" />);
    await openVideoSlide();
    const play = await screen.findByRole('button', { name: 'Play video' });
    expect(screen.queryByTitle('Kettle video')).not.toBeInTheDocument();

    await userEvent.click(play);
    expect(screen.getByTitle('Kettle video')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
  });
});

describe('Gallery images', () => {
  it('asks for the main image first and the thumbnails beside it at low priority', () => {
    const images = [...IMAGES, '/media/1123456789abcdef0123456789abcdef.jpg'];
    render(<Gallery images={images} video={null} name="Kettle" />);
    expect(screen.getByRole('img', { name: 'Kettle (1 of 2)' })).toHaveAttribute('fetchpriority', 'high');
    const thumbnails = screen.getAllByRole('button', { name: /^Show image/ }).map((button) => button.querySelector('img'));
    expect(thumbnails).toHaveLength(2);
    for (const thumbnail of thumbnails) expect(thumbnail).toHaveAttribute('fetchpriority', 'low');
  });
});
