const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

function youtubeId(url: URL): string | null {
  if (url.hostname === 'youtu.be') return url.pathname.split('/')[1] ?? null;
  if (!YOUTUBE_HOSTS.has(url.hostname)) return null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  const [, kind, id] = url.pathname.split('/');
  return kind === 'shorts' || kind === 'embed' || kind === 'live' || kind === 'v' ? (id ?? null) : null;
}

function vimeoEmbed(url: URL): string | null {
  if (!VIMEO_HOSTS.has(url.hostname)) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  // player.vimeo.com/video/{id}; vimeo.com/{id}, vimeo.com/{id}/{hash} (unlisted), vimeo.com/channels/{name}/{id} and the like.
  const index = parts.findIndex((part) => /^\d+$/.test(part));
  if (index < 0) return null;
  const hash = url.searchParams.get('h') ?? (url.hostname !== 'player.vimeo.com' && /^[0-9a-f]+$/i.test(parts[index + 1] ?? '') ? parts[index + 1] : null);
  return `https://player.vimeo.com/video/${parts[index]}${hash ? `?h=${encodeURIComponent(hash)}` : ''}`;
}

/**
 * The embeddable address of a YouTube (watch, youtu.be, shorts, embed, live) or Vimeo link; null for anything else,
 * which plays in a plain <video> element. YouTube embeds go through youtube-nocookie.com, which sets no tracking
 * cookies until the shopper presses play.
 */
export function videoEmbedUrl(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.hostname = url.hostname.toLowerCase();
  const id = youtubeId(url);
  if (id !== null) return YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  return vimeoEmbed(url);
}

/** The embed address asking the player to start at once (the shopper has just chosen the video). */
export function withAutoplay(embedUrl: string): string {
  return `${embedUrl}${embedUrl.includes('?') ? '&' : '?'}autoplay=1`;
}
