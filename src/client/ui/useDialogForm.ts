import { useState, type FormEvent } from 'react';
import { useOnOpen } from './useOnOpen';
import { revealFirstInvalid } from './reveal';

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

  const handleSubmit = (onValid: (values: V) => void) => (e: FormEvent) => {
    e.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onValid(values);
    else revealFirstInvalid(e.currentTarget);
  };

  return { values, errors, set, handleSubmit };
}
