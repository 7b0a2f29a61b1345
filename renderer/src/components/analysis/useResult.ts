/** A contract call's result for a view, refetched when its inputs change; the error is kept for wording. */
import { useEffect, useState } from 'react';
import type { Result } from '../../../../preload/contract';
import { unwrap } from '../../bridge';

export function useResult<T>(
  call: () => Promise<Result<T>>,
  deps: unknown[],
): { data: T | null; error: unknown } {
  const [state, setState] = useState<{ data: T | null; error: unknown }>({ data: null, error: null });
  useEffect(() => {
    let live = true;
    setState({ data: null, error: null });
    unwrap(call()).then(
      (data) => live && setState({ data, error: null }),
      (error: unknown) => live && setState({ data: null, error }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what the call depends on
  }, deps);
  return state;
}
