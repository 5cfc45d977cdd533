/**
 * A form's input checked, before it is sent, with the schema the API validates it with
 * (domain/schemas): stores answer the parsed value, or a refusal shaped like the API's own.
 */
import * as v from 'valibot';
import { INVALID_INPUT, type ApiResult } from './api-client.ts';

export { INVALID_INPUT };

export function checkInput<S extends v.GenericSchema>(schema: S, input: v.InferInput<S>): ApiResult<v.InferOutput<S>> {
  const r = v.safeParse(schema, input);
  return r.success ? { ok: true, value: r.output } : { ok: false, failure: INVALID_INPUT };
}
