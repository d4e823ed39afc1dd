import { useCallback, useState } from 'react';
import { ApiError, errorMessage } from '../lib/api-client';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** Which of the form's fields a field the server names belongs to; undefined when none. */
export type FieldOf<Field extends string> = (serverField: string) => Field | undefined;

/** The form's fields by name: the server's field of the same name is the form's. */
export function fieldsNamed<Field extends string>(fields: Iterable<Field>): FieldOf<Field> {
  const known = new Set<string>(fields);
  return (serverField) => (known.has(serverField) ? (serverField as Field) : undefined);
}

/**
 * The errors of a form that saves through the API: per field under its input, and the failure of
 * the last save ("Error: {message}" in the form's banner). A refused save keeps what was typed and
 * shows the server's field messages where the form has those fields.
 */
export function useFormSubmission<Field extends string>(fieldOf: FieldOf<Field>) {
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);

  /** Forgets the errors of fields the person has just changed. */
  const clearErrors = useCallback((...fields: Field[]) => {
    setErrors((current) => {
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
  }, []);

  /**
   * Shows `problems` (the form's own checks) or, when there are none, runs `save`. Answers the
   * field errors now shown: empty when the save went through.
   */
  async function submit(
    problems: FieldErrors<Field>,
    save: () => Promise<void>,
  ): Promise<FieldErrors<Field>> {
    setFailure(null);
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return problems;
    try {
      await save();
      return {};
    } catch (error) {
      setFailure(errorMessage(error));
      const fromServer: FieldErrors<Field> = {};
      if (error instanceof ApiError) {
        for (const { field, message } of error.fieldErrors) {
          const own = fieldOf(field);
          if (own) fromServer[own] = message;
        }
      }
      setErrors(fromServer);
      return fromServer;
    }
  }

  return { errors, failure, clearErrors, submit };
}
