import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { digitsOf, OtpInput } from './otp-input';

function Harness({ initial = ['', '', '', ''] }: { initial?: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <OtpInput value={value} onChange={setValue} label="Verification code" focusOnMount />
      <output>{value.map((d) => d || '_').join('')}</output>
    </>
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 4` });
const code = () => screen.getByRole('status').textContent;

describe('OtpInput', () => {
  it('is a labelled group of four numeric boxes, the first offering one-time-code autofill', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(4);
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(box(2)).toHaveAttribute('autocomplete', 'off');
    for (const n of [1, 2, 3, 4]) expect(box(n)).toHaveAttribute('inputmode', 'numeric');
    expect(box(1)).toHaveFocus();
  });

  it('moves focus to the next box as each digit is typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.keyboard('1');
    expect(box(1)).toHaveValue('1');
    expect(box(2)).toHaveFocus();
    await user.keyboard('234');
    expect(code()).toBe('1234');
    expect(box(4)).toHaveFocus();
  });

  it('ignores anything that is not a digit', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.keyboard('a');
    expect(box(1)).toHaveValue('');
    expect(box(1)).toHaveFocus();
    await user.keyboard('-7');
    expect(code()).toBe('7___');
    expect(box(2)).toHaveFocus();
  });

  it('on Backspace in an empty box goes back and clears the previous digit', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.keyboard('12');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    expect(code()).toBe('1___');
    await user.keyboard('{Backspace}');
    expect(box(1)).toHaveFocus();
    expect(code()).toBe('____');
  });

  it('on Backspace in a filled box clears that box and stays', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['1', '2', '3', '4']} />);
    await user.click(box(3));
    await user.keyboard('{Backspace}');
    expect(code()).toBe('12_4');
    expect(box(3)).toHaveFocus();
  });

  it('replaces the digit of a filled box with the one typed', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['1', '2', '', '']} />);
    await user.click(box(1));
    await user.keyboard('9');
    expect(code()).toBe('92__');
    expect(box(2)).toHaveFocus();
  });

  it.each([1, 2, 3, 4])('fills all four boxes from a 4-digit code pasted into box %i, focusing the last', async (n) => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(n));
    await user.paste('5678');
    expect(code()).toBe('5678');
    expect(box(4)).toHaveFocus();
  });

  it('keeps only the digits of a pasted text', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.paste('Code: 12-34');
    expect(code()).toBe('1234');
  });

  it('fills from the box a shorter run is pasted into', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(2));
    await user.paste('12');
    expect(code()).toBe('_12_');
    expect(box(4)).toHaveFocus();
  });

  it('ignores a paste with no digits', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['1', '', '', '']} />);
    await user.click(box(2));
    await user.paste('abcd');
    expect(code()).toBe('1___');
    expect(box(2)).toHaveFocus();
  });

  it('reads Bengali digits as digits', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.keyboard('৪');
    expect(code()).toBe('4___');
    expect(digitsOf('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
  });

  it('moves with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(box(2)).toHaveFocus();
  });
});
