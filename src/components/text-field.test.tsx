import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TextArea, TextField } from './text-field';

const schema = z.object({ phone: z.string().regex(/^01[3-9]\d{8}$/, 'Invalid phone number') });

function PhoneForm({ onValid }: { onValid: (values: z.infer<typeof schema>) => void }) {
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(schema), defaultValues: { phone: '' } });
  return (
    <form onSubmit={handleSubmit(onValid)}>
      <TextField label="Phone Number" type="tel" hint="11 digits, starting 01" error={formState.errors.phone?.message} {...register('phone')} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('TextField', () => {
  it('labels its input and works with react-hook-form register()', async () => {
    const onValid = vi.fn();
    render(<PhoneForm onValid={onValid} />);

    const input = screen.getByLabelText('Phone Number');
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAccessibleDescription('11 digits, starting 01');
    await userEvent.type(input, '01712345678');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(onValid).toHaveBeenCalledWith({ phone: '01712345678' }, expect.anything());
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows the error inline, marks the input invalid and ties the message to it', async () => {
    const onValid = vi.fn();
    render(<PhoneForm onValid={onValid} />);

    const input = screen.getByLabelText('Phone Number');
    await userEvent.type(input, '123');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('11 digits, starting 01 Invalid phone number');
    expect(input).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('puts the trailing control inside the field', () => {
    render(<TextField label="Password" type="password" trailing={<button type="button">Show password</button>} />);
    expect(screen.getByLabelText('Password')).toHaveClass('pr-12');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });
});

const addressSchema = z.object({ address: z.string().trim().min(1, 'Address is required') });

function AddressForm({ onValid }: { onValid: (values: z.infer<typeof addressSchema>) => void }) {
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(addressSchema), defaultValues: { address: '' } });
  return (
    <form onSubmit={handleSubmit(onValid)}>
      <TextArea label="Shipping Address" placeholder="Street, house, area..." error={formState.errors.address?.message} {...register('address')} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('TextArea', () => {
  it('labels its text box, works with register(), and shows its error the way TextField does', async () => {
    const onValid = vi.fn();
    render(<AddressForm onValid={onValid} />);
    const box = screen.getByRole('textbox', { name: 'Shipping Address' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveAttribute('rows', '3');

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Address is required')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Address is required');
    expect(box).toHaveFocus();

    await userEvent.type(box, 'House 5{Enter}Road 2');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid).toHaveBeenCalledWith({ address: 'House 5\nRoad 2' }, expect.anything());
    expect(box).not.toHaveAttribute('aria-invalid');
  });
});
