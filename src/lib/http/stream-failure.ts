import { brandedError } from "@/lib/branded-error";
/** A stream's `error` event, thrown out of the reading loop to end it. */
export class StreamFailure extends brandedError("StreamFailure") {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What the person reads for a failure: a model too slow for the server's budget says so; anything else is the generic text. */
export function failureText(error: unknown, generic: string): string {
  return StreamFailure.is(error) && error.code === "ai:timeout" && error.message ? error.message : generic;
}
