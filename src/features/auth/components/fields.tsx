import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ComponentProps } from 'react';
import { TextField } from '@/components/text-field';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'trailing'>;

/** A password input with a show/hide button named after the field it reveals. */
export function PasswordField({ label, id, ...props }: PasswordFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const [visible, setVisible] = useState(false);
  const text = useMessages(authText);
  return (
    <TextField
      {...props}
      id={inputId}
      label={label}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? text.hidePassword(label.toLowerCase()) : text.showPassword(label.toLowerCase())}
          aria-controls={inputId}
          className="flex size-11 items-center justify-center rounded-r-md text-gray-700 hover:text-brand-700"
        >
          {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        </button>
      }
    />
  );
}
