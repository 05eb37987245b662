import { ValidationError, type Schema } from 'yup';
import { AppError } from './errors.js';

/**
 * Validates a request body or query with a yup schema (strict types, unknown keys dropped).
 * A failure is a 422 VALIDATION error whose data maps each field to its message.
 */
export function validate<T>(schema: Schema<T>, value: unknown): T {
  try {
    return schema.validateSync(value ?? {}, { abortEarly: false, stripUnknown: true }) as T;
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const fields: Record<string, string> = {};
    for (const inner of err.inner.length > 0 ? err.inner : [err]) {
      const key = inner.path || '_';
      fields[key] ??= inner.message;
    }
    throw new AppError('VALIDATION', `Invalid request: ${Object.keys(fields).join(', ')}`, fields);
  }
}
