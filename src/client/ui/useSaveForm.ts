import { useState, type FormEvent } from 'react';
import { revealFirstInvalid } from './reveal';

type FieldErrors<V> = Partial<Record<keyof V, string>>;

export interface SaveFormOptions<V> {
  initial: V | (() => V);
  validate: (values: V) => FieldErrors<V>;
  /** Saves the valid values and answers what the form shows next (the saved values, or a blank form). */
  save: (values: V) => Promise<V>;
  /** Tells the person it is saved (a toast). */
  onSaved: () => void;
  /** The text shown in the form when the save fails. */
  failureText: (error: unknown) => string;
}

/**
 * A text-field form that is checked on submit, then saved: success calls `onSaved`, failure shows a
 * message in the form. A field's error clears as soon as it is typed in (unlike useValidatedForm,
 * nothing is re-checked while typing), so the person sees the next problem only on the next submit;
 * a refused submit reveals the first wrong field, and FormSubmit the failure of a save.
 * `dirty` tells whether the values differ from the last saved ones.
 */
export function useSaveForm<V extends { [K in keyof V]: string }>({ initial, validate, save, onSaved, failureText }: SaveFormOptions<V>) {
  const [values, setValues] = useState<V>(initial);
  const [saved, setSaved] = useState<V>(values);
  const dirty = (Object.keys(values) as (keyof V)[]).some((key) => values[key] !== saved[key]);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  /** The value, change handler and error props of the TextField for `key`. */
  const field = (key: keyof V) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [key]: e.target.value }));
      setErrors((found) => ({ ...found, [key]: undefined }));
    },
    error: Boolean(errors[key]),
    helperText: errors[key],
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      revealFirstInvalid(e.currentTarget);
      return;
    }
    setSaving(true);
    try {
      const next = await save(values);
      setValues(next);
      setSaved(next);
      onSaved();
    } catch (err) {
      setFailure(failureText(err));
    } finally {
      setSaving(false);
    }
  };

  return { errors, field, submit, saving, failure, dirty };
}
