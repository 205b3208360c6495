import { useMemo, useState, type FormEvent } from 'react';
import { revealFirstInvalid } from './reveal';

/**
 * Form state with validation on submit: after a first attempt the errors follow the typing, so a
 * fixed field clears at once; a failed submit brings the first invalid field, with its message, into
 * view and focuses it (on a phone it is often off screen).
 * `validate` answers an object with an entry per wrong field only (empty when all is well).
 * `dirty` tells whether the values differ from those the form started with.
 */
export function useValidatedForm<V extends object, E extends object>(initial: V, validate: (values: V) => E) {
  const [start] = useState(initial);
  const [values, setValues] = useState(initial);
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(start), [values, start]);
  const [errors, setErrors] = useState<E>({} as E);
  const [submitted, setSubmitted] = useState(false);

  const set = <K extends keyof V>(key: K, value: V[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted) setErrors(validate(next));
  };

  const handleSubmit = (onValid: (values: V) => void) => (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      revealFirstInvalid(e.currentTarget);
      return;
    }
    onValid(values);
  };

  return { values, errors, set, handleSubmit, dirty };
}
