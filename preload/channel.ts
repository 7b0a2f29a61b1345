/** The shape of one contract channel: its zod input schema and (as a type only) its result. */
import type { z } from 'zod';

export interface ChannelDef<I extends z.ZodType, O> {
  input: I;
  /** Phantom marker for the result type; never read at run time. */
  output?: O;
}

export const channel = <O>() => ({
  input: <I extends z.ZodType>(input: I): ChannelDef<I, O> => ({ input }),
});
