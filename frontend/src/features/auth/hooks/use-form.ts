import { useCallback, useState, type FormEvent } from 'react';

import type { FieldErrors } from '../lib/validation';

/**
 * A small form state: values, and the validator's errors once the user has tried to submit (then
 * kept live while they correct the fields). `handleSubmit` runs `onValid` only for valid values.
 */
export function useForm<T extends object>(initial: T | (() => T), validate: (values: T) => FieldErrors<T>) {
  const [values, setValues] = useState<T>(initial);
  const [attempted, setAttempted] = useState(false);
  const errors: FieldErrors<T> = attempted ? validate(values) : {};

  const setField = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
  }, []);

  const handleSubmit = (onValid: (values: T) => unknown) => (event?: FormEvent) => {
    event?.preventDefault();
    setAttempted(true);
    if (Object.keys(validate(values)).length > 0) return;
    void onValid(values);
  };

  return { values, errors, setField, setValues, handleSubmit };
}
