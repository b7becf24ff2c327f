/**
 * The project's own error classes, told apart by a brand rather than by `instanceof`
 * (decision 030). The production build holds several copies of one module (instrumentation.ts
 * and each route are bundled apart), so an error thrown by one copy of a class is not an
 * `instanceof` another copy: a job runner checking `instanceof JobDeferred` failed the lessons a
 * handler from another bundle deferred. A brand is a registered symbol (`Symbol.for`), the same
 * in every copy, so `JobDeferred.is(error)` holds whichever copy made the error.
 *
 *   export class JobDeferred extends brandedError("JobDeferred") { … }
 *   if (JobDeferred.is(error)) …
 *
 * Each class extends `brandedError(name)` itself, with a name of its own: a subclass of a branded
 * class would share its parent's brand. ESLint refuses `instanceof` on the project's classes
 * (eslint-rules/no-own-instanceof.mjs).
 */

/** The registered symbol an error class of this name is marked with. */
const errorBrand = (name: string): symbol => Symbol.for(`aula.error:${name}`);

/** Whether a value carries the brand of the error class of this name, whichever copy of the class made it. */
function hasErrorBrand(value: unknown, name: string): boolean {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[errorBrand(name)] === true;
}

/** An Error base class whose instances carry the brand of `name`, and whose `is` checks it. */
export function brandedError<const Name extends string>(name: Name) {
  const brand = errorBrand(name);
  abstract class BrandedError extends Error {
    /** The brand's name: the class's name, the same in every copy of it. */
    static readonly brandName: Name = name;

    /** Whether `value` is an error of this class, made by any copy of it. */
    static is<T extends abstract new (...args: never) => BrandedError>(
      this: T,
      value: unknown,
    ): value is InstanceType<T> {
      return hasErrorBrand(value, name);
    }

    constructor(message?: string, options?: ErrorOptions) {
      super(message, options);
      this.name = name;
      // Not enumerable: logs and JSON show the error as before.
      Object.defineProperty(this, brand, { value: true });
    }
  }
  return BrandedError;
}
