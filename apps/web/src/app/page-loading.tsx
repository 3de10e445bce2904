import { Spinner } from '../ui';

/** Shown while the first screen's code loads. */
export function PageLoading() {
  return <Spinner variant="page" />;
}
