import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose rules load on first use: a form can paint before its domain schema
 * (and zod) arrive. The first validation waits for them; `preload` fetches them sooner, e.g. on focus.
 * A failed load is tried again at the next validation.
 */
export function lazyResolver<TValues extends FieldValues, TOutput>(load: () => Promise<Resolver<TValues, unknown, TOutput>>) {
  let loading: Promise<Resolver<TValues, unknown, TOutput>> | undefined;
  const preload = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<TValues, unknown, TOutput> = async (values, context, options) => (await preload())(values, context, options);
  return { resolver, preload };
}
