import "server-only";
import type { ApiTranslator } from "@/i18n/api-translator";
import { AppError, appError } from "@/server/http/errors";
import { ModelFailedError } from "./run";

/**
 * The one mapping of a failed model call to the API's error. A model that failed after its
 * retries is told with its own code: `ai:unavailable`, `ai:invalid-output` and `ai:refused` are
 * the SPEC's generic 502 failure, `ai:timeout` a 504 that says the model was too slow. An
 * AppError (no model configured, say) is already told and passes as it is. Undefined for any
 * other error, which the caller passes on or tells in its own way.
 */
export function modelFailure(error: unknown, t: ApiTranslator): AppError | undefined {
  if (AppError.is(error)) return error;
  return ModelFailedError.is(error) ? appError(error.code, t) : undefined;
}
