import { describe, expect, it } from 'vitest';
import { videoEmbedUrl, withAutoplay } from './video';

describe('videoEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'],
    ['https://m.youtube.com/watch?feature=share&v=aqz-KE-bpKQ&t=10', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'],
    ['https://youtu.be/aqz-KE-bpKQ', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'],
    ['https://youtu.be/aqz-KE-bpKQ?si=abc', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'],
    ['https://www.youtube.com/shorts/aqz-KE-bpKQ', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'],
    ['https://YouTube.com/shorts/aqz-KE-bpKQ?feature=share', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'],
    ['https://www.youtube.com/embed/aqz-KE-bpKQ', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'],
  ])('turns the YouTube link %s into a privacy-enhanced embed', (link, embed) => {
    expect(videoEmbedUrl(link)).toBe(embed);
  });

  it.each([
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/a1b2c3d4e5', 'https://player.vimeo.com/video/76979871?h=a1b2c3d4e5'],
  ])('turns the Vimeo link %s into a player embed', (link, embed) => {
    expect(videoEmbedUrl(link)).toBe(embed);
  });

  it.each([
    ['a plain video file', 'https://cdn.example.com/clips/ball.mp4'],
    ['a YouTube link without a video id', 'https://www.youtube.com/watch?list=PL123'],
    ['a YouTube link with a malformed id', 'https://youtu.be/short'],
    ['a Vimeo page that is not a video', 'https://vimeo.com/staffpicks'],
    ['a look-alike host', 'https://notyoutube.com/watch?v=aqz-KE-bpKQ'],
    ['not a URL', 'youtube aqz-KE-bpKQ'],
    ['another scheme', 'javascript:alert(1)'],
  ])('gives null for %s (played in a <video> element, or not at all)', (_, link) => {
    expect(videoEmbedUrl(link)).toBeNull();
  });
});

describe('withAutoplay', () => {
  it('adds autoplay=1 with ? or & as the address needs', () => {
    expect(withAutoplay('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1');
    expect(withAutoplay('https://player.vimeo.com/video/1?h=ab')).toBe('https://player.vimeo.com/video/1?h=ab&autoplay=1');
  });
});
