import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('is a plain button by default and reports clicks', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);

    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).not.toHaveAttribute('aria-busy');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while busy: aria-busy, disabled, keeps its label (and so its width and name), shows a spinner', async () => {
    const onClick = vi.fn();
    render(
      <Button type="submit" busy onClick={onClick}>
        Place Order
      </Button>,
    );

    const button = screen.getByRole('button', { name: 'Place Order' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    expect(button.querySelector('svg.animate-spin')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is at least 44 px high in every variant', () => {
    render(
      <>
        <Button>One</Button>
        <Button variant="secondary">Two</Button>
        <Button variant="ghost">Three</Button>
      </>,
    );
    for (const button of screen.getAllByRole('button')) expect(button).toHaveClass('min-h-11');
  });

  it('takes the side padding it is given instead of its own, which would win in the stylesheet', () => {
    render(
      <>
        <Button>Default</Button>
        <Button className="px-2 sm:px-4">Narrow</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Default' })).toHaveClass('px-4');
    const narrow = screen.getByRole('button', { name: 'Narrow' });
    expect(narrow).toHaveClass('px-2', 'sm:px-4');
    expect(narrow.className.split(' ')).not.toContain('px-4');
  });
});
