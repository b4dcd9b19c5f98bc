import { useState } from 'react';
import { useObjectUrl } from '../components/image-field';
import { useWriteGuard } from '../components/offline-write-guard';
import { pictureToSend } from './pictures';
import { serverErrors } from './server-errors';

type SendOptions = {
  /** The form's saving call, given the chosen file (null: keep the current image). */
  run: (file: File | null) => Promise<unknown>;
  /** What the form's alert says when the server gives no message of its own. */
  failure: string;
  /** The field the server names for the image. */
  imageField: string;
  /** The server's messages for the form's other fields, put beside them. */
  onFieldErrors: (fields: Record<string, string>) => void;
  onSaved: () => void;
};

/**
 * A back-office form with one image and fields: the chosen file and its preview, the image's and the form's errors,
 * sending (refused offline, never queued), and the server's messages put back where they belong.
 */
export function useImageFormSend() {
  const [file, setFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [sending, setSending] = useState(false);
  const { guard, refused } = useWriteGuard();
  const chosenUrl = useObjectUrl(file);

  const chooseFile = (next: File | null) => {
    setFile(next);
    setImageError(undefined);
  };

  const send = ({ run, failure, imageField, onFieldErrors, onSaved }: SendOptions) =>
    guard(() => {
      setSending(true);
      setFormError(undefined);
      // A photo is shrunk first when it is heavier than what the server keeps, or the link is slow.
      (file ? pictureToSend(file) : Promise.resolve(null)).then(run).then(
        () => {
          setSending(false);
          setFile(null);
          onSaved();
        },
        (error: unknown) => {
          setSending(false);
          const { fields, form } = serverErrors(error, failure);
          onFieldErrors(fields);
          setImageError(fields[imageField]);
          setFormError(form);
        },
      );
    });

  return {
    file,
    chosenUrl,
    chooseFile,
    imageError,
    setImageError,
    formError,
    sending,
    refused,
    send,
  };
}
