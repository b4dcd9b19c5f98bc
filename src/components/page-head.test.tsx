import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageHead } from './page-head';

const headTags = () =>
  [...document.head.querySelectorAll('meta[name="description"], link[rel="canonical"], meta[property^="og:"], meta[name^="twitter:"]')].map(
    (tag) => `${tag.getAttribute('name') ?? tag.getAttribute('property') ?? tag.getAttribute('rel')}=${tag.getAttribute('content') ?? tag.getAttribute('href')}`,
  );

describe('PageHead in the browser', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("writes the page's title and tags into the head, in place of those there before (the server's included)", () => {
    document.head.innerHTML = '<title>Old | haat</title><meta name="description" content="old"><link rel="canonical" href="/old"><meta property="og:image" content="/old.png">';
    const { rerender, container } = render(<PageHead title="Mango" description="Sweet" path="/products/p1" />);

    expect(container.innerHTML).toBe('');
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

    rerender(<PageHead />);
    expect(document.title).toBe('haat — online shop');
    expect(headTags()).not.toContain(`canonical=${location.origin}/products/p1`);
    expect(headTags().filter((tag) => tag.startsWith('description='))).toHaveLength(1);
  });
});
