import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { PageHead } from './page-head';

const headTags = () =>
  [...document.head.querySelectorAll('meta[name="description"], link[rel="canonical"], meta[property^="og:"], meta[name^="twitter:"]')].map(
    (tag) =>
      `${tag.getAttribute('name') ?? tag.getAttribute('property') ?? tag.getAttribute('rel')}=${tag.getAttribute('content') ?? tag.getAttribute('href')}`,
  );

describe('PageHead in the browser', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it("keeps the server's title and tags in the head as it hydrates, and replaces them with the next page's", async () => {
    // The server's page: what React hoisted is in the head (server/http/pages.ts moves it there), the markup holds none.
    document.head.innerHTML = renderToString(<PageHead title="Mango" description="Sweet" path="/products/p1" />);
    const container = document.body.appendChild(document.createElement('div'));
    const root = await act(async () => hydrateRoot(container, <PageHead title="Mango" description="Sweet" path="/products/p1" />));

    expect(container.innerHTML).toBe('');
    expect(document.querySelectorAll('title')).toHaveLength(1);
    expect(document.title).toBe('Mango | haat');
    expect(headTags()).toEqual([
      'description=Sweet',
      `canonical=${location.origin}/products/p1`,
      'og:site_name=haat',
      'og:type=website',
      'og:locale=en_US',
      'og:locale:alternate=bn_BD',
      'og:title=Mango',
      'og:description=Sweet',
      `og:url=${location.origin}/products/p1`,
      'twitter:card=summary',
      'twitter:title=Mango',
      'twitter:description=Sweet',
    ]);

    await act(async () => root.render(<PageHead />));
    expect(document.querySelectorAll('title')).toHaveLength(1);
    expect(document.title).toBe('haat — online shop');
    expect(headTags()).not.toContain(`canonical=${location.origin}/products/p1`);
    expect(headTags().filter((tag) => tag.startsWith('description='))).toHaveLength(1);
    await act(async () => root.unmount());
  });
});
