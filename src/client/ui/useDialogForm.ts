import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useOnOpen } from './useOnOpen';
import { revealFirstInvalid } from './reveal';

/** The keys of the values that are text, which a text field can be bound to. */
type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V];
type FieldErrors<V> = Partial<Record<keyof V, string>>;

/**
 * The fields of a dialog kept mounted: they start from `initial` each time it opens, a field's
 * error clears as it is typed in, and submit validates (`validate` answers an entry per wrong
 * field only) before handing the values on; a refused submit reveals the first wrong field.
 */
export function useDialogForm<V extends object, E extends object>(open: boolean, initial: () => V, validate: (values: V) => E) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<E>({} as E);

  useOnOpen(open, () => {
    setValues(initial());
    setErrors({} as E);
  });

  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  /** What binds a text field to `key`: its value, its typing, and its error, shown in place of `hint`. */
  const field = <K extends TextKeys<V>>(key: K, hint?: string) => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.target.value as V[K]),
    error: Boolean((errors as FieldErrors<V>)[key]),
    helperText: (errors as FieldErrors<V>)[key] ?? hint,
  });

  const handleSubmit = (onValid: (values: V) => void) => (e: FormEvent) => {
    e.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onValid(values);
    else revealFirstInvalid(e.currentTarget);
  };

  return { values, errors, set, field, handleSubmit };
}
