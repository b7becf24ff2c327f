/** A stream's `error` event, thrown out of the reading loop to end it. */
export class StreamFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "StreamFailure";
  }
}

/** What the person reads for a failure: a model too slow for the server's budget says so; anything else is the generic text. */
export function failureText(error: unknown, generic: string): string {
  return error instanceof StreamFailure && error.code === "ai:timeout" && error.message ? error.message : generic;
}
